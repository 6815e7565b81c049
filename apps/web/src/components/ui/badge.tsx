import type { ComponentProps } from 'react';

import { cn } from '../../lib/cn';

export type BadgeVariant = 'brand' | 'neutral' | 'success' | 'warning' | 'danger';

const VARIANT_CLASSES: Record<BadgeVariant, string> = {
  brand: 'bg-brand-100 text-brand-800 ring-brand-200',
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  success: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
};

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
}

/** A small status label. Colour is never the only signal: the text says the status. */
export function Badge({ variant = 'neutral', className, ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        VARIANT_CLASSES[variant],
        className,
      )}
      {...props}
    />
  );
}
