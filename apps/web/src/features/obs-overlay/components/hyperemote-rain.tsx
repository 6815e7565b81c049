import { ALERT_TIMING } from '@shabaash/core';
import type { CSSProperties } from 'react';

/**
 * Spec 02 §2: a hyperemote fills the screen with 12 floating emotes. Positions come from the
 * alert id rather than Math.random, so a render is pure and two alerts still look different.
 */
export function HyperemoteRain({ emoji, seed }: { emoji: string; seed: number }) {
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 overflow-hidden">
      {Array.from({ length: ALERT_TIMING.hyperemoteFloatingEmotes }, (_, index) => {
        const step = index + seed * 7;
        const style = {
          left: `${String(2 + ((step * 37) % 92))}%`,
          animationDelay: `${String((step * 173) % 2400)}ms`,
          '--emote-scale': String(0.9 + (step % 4) * 0.15),
          '--emote-spin': `${index % 2 === 0 ? '' : '-'}${String(10 + (step % 3) * 10)}deg`,
        } as CSSProperties; // CSS custom properties are not in React's CSSProperties type.
        return (
          <span key={index} className="overlay-emote font-emoji" style={style}>
            {emoji}
          </span>
        );
      })}
    </div>
  );
}
