import { useState } from 'react';

import { cn } from '../../../lib/cn';
import { useVideoUrl } from './use-video-url';

/** Visitors who asked for less motion, or to save data, keep the still gradient. */
function prefersStillBackground(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return (
    window.matchMedia('(prefers-reduced-motion: reduce)').matches || connection?.saveData === true
  );
}

/**
 * The hero's background video (spec 01 §2, §4): muted, looping, hidden until it can play, and
 * gone on error so the gradient behind it shows. Renders nothing when no video is set.
 */
export function BackgroundVideo() {
  const { data: videoUrl } = useVideoUrl();
  const [state, setState] = useState<'loading' | 'playing' | 'failed'>('loading');

  // The query only runs in the browser, so `window` is safe once a URL is known.
  if (!videoUrl || state === 'failed' || prefersStillBackground()) return null;

  return (
    <video
      src={videoUrl}
      autoPlay
      muted
      loop
      playsInline
      preload="auto"
      aria-hidden="true"
      tabIndex={-1}
      onCanPlay={() => setState('playing')}
      onError={() => {
        console.warn('Background video could not play; showing the gradient instead:', videoUrl);
        setState('failed');
      }}
      className={cn(
        'pointer-events-none absolute inset-0 size-full object-cover transition-opacity duration-700',
        state === 'playing' ? 'opacity-35' : 'opacity-0',
      )}
    />
  );
}
