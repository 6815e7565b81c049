import './celebration.css';

import { HYPEREMOTES } from '@shabaash/core';
import type { CSSProperties } from 'react';
import { useEffect, useState } from 'react';

import { CELEBRATION_MS } from './payment-status.constants';

const FLOATERS = 18;

/** Spread by index rather than at random, so every render (and test) draws the same. */
const floaters = Array.from({ length: FLOATERS }, (_, index) => ({
  emoji: HYPEREMOTES[index % HYPEREMOTES.length]?.emoji ?? '🎉',
  left: (index * 37 + 7) % 96,
  delayMs: (index * 131) % 600,
  spin: index % 2 === 0 ? '25deg' : '-25deg',
}));

/**
 * Spec 02 §2, Celebration: a bouncing party emoji, and for the cover theme a 3-second shower
 * of floating emotes. Motion is dropped for people who ask for reduced motion.
 */
export function Celebration({ withFloatingEmotes }: { withFloatingEmotes: boolean }) {
  // The cover theme is known only once the streamer's profile arrives, so the 3 s start then.
  const [hasFinished, setHasFinished] = useState(false);

  useEffect(() => {
    if (!withFloatingEmotes) return;
    const timer = window.setTimeout(() => setHasFinished(true), CELEBRATION_MS);
    return () => window.clearTimeout(timer);
  }, [withFloatingEmotes]);

  return (
    <>
      <span
        aria-hidden="true"
        className="inline-block animate-bounce font-emoji text-6xl motion-reduce:animate-none"
      >
        🎉
      </span>
      {withFloatingEmotes && !hasFinished && (
        <div aria-hidden="true" className="pointer-events-none fixed inset-0 z-50 overflow-hidden">
          {floaters.map((floater, index) => (
            <span
              key={index}
              className="celebration-float font-emoji text-4xl"
              // A custom property carries the spin; CSSProperties does not list `--*` keys.
              style={
                {
                  left: `${floater.left}%`,
                  animationDelay: `${floater.delayMs}ms`,
                  '--celebration-spin': floater.spin,
                } as CSSProperties
              }
            >
              {floater.emoji}
            </span>
          ))}
        </div>
      )}
    </>
  );
}
