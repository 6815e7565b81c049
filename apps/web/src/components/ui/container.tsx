import type { ComponentProps } from 'react';

import { cn } from '../../lib/cn';

/** Centres content with phone-first side padding (fits a 360px screen) and a readable width. */
export function Container({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8', className)} {...props} />
  );
}
