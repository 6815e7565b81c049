import './widgets.css';

import type { ComponentProps, ReactNode } from 'react';

import { cn } from '../../lib/cn';
import { ConnectionIndicator } from '../obs-overlay/components/connection-indicator';
import { InvalidTokenNotice } from '../obs-overlay/components/overlay-notice';
import { OVERLAY_TEXT } from '../obs-overlay/overlay.constants';
import type { WidgetStreamState } from './widget-stream';

/**
 * What every widget page draws around its panel: nothing (the page stays transparent for OBS),
 * the overlay's invalid-token screen when the token is refused, and the overlay's small
 * corner badge while the live connection is down.
 */
export function WidgetFrame({
  stream,
  children,
}: {
  stream: WidgetStreamState;
  children: ReactNode;
}) {
  if (stream.status === 'invalid') {
    return <InvalidTokenNotice message={stream.invalidMessage ?? OVERLAY_TEXT.invalidToken} />;
  }
  return (
    <main
      data-stream-status={stream.status}
      className="pointer-events-none fixed inset-0 overflow-hidden p-[3vmin]"
    >
      {children}
      <ConnectionIndicator status={stream.status} />
    </main>
  );
}

/**
 * A widget's dark, translucent card. Text is sized in vmin, so the same page reads at
 * 1920×1080 and when OBS shrinks the source to 800×600.
 */
export function WidgetPanel({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      className={cn(
        'flex flex-col gap-[2vmin] rounded-[2.5vmin] bg-slate-950/75 px-[3.5vmin] py-[3vmin] text-white shadow-2xl ring-1 ring-white/15',
        className,
      )}
      {...props}
    />
  );
}

/** The token from `?token=`, or the overlay's missing-token screen. */
export function MissingTokenNotice() {
  return <InvalidTokenNotice message={OVERLAY_TEXT.missingToken} />;
}
