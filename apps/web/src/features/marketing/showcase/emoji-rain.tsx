import { DEMO_EMOJIS } from './showcase.constants';

const DROP_COUNT = 30;

type Drop = { id: number; emoji: string; left: number; delay: number; duration: number };

/** Random drops for one shower; made when the demo starts, so only in the browser. */
export function makeDrops(): Drop[] {
  return Array.from({ length: DROP_COUNT }, (_, id) => ({
    id,
    emoji: DEMO_EMOJIS[id % DEMO_EMOJIS.length] ?? '🎉',
    left: Math.random() * 95,
    // Every drop lands within the demo's 3 seconds (delay ≤ 1 s, fall ≤ 2 s).
    delay: Math.random() * 1000,
    duration: 1200 + Math.random() * 800,
  }));
}

/**
 * The HyperEmotes emoji rain over its container (which must be `relative`). Visitors who asked
 * for less motion see nothing fall.
 */
export function EmojiRain({ drops }: { drops: Drop[] }) {
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute inset-0 overflow-hidden motion-reduce:hidden"
    >
      {/* React hoists this into <head> once, however many rains play. */}
      <style href="shabaash-emoji-rain" precedence="default">
        {
          '@keyframes shabaash-emoji-fall{from{transform:translateY(-2rem) rotate(0)}to{transform:translateY(24rem) rotate(40deg);opacity:0}}'
        }
      </style>
      {drops.map((drop) => (
        <span
          key={drop.id}
          className="absolute top-0 font-emoji text-2xl"
          style={{
            left: `${drop.left}%`,
            animation: `shabaash-emoji-fall ${drop.duration}ms linear ${drop.delay}ms both`,
          }}
        >
          {drop.emoji}
        </span>
      ))}
    </div>
  );
}
