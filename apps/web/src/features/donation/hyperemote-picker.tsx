import { HYPEREMOTES } from '@shabaash/core';
import type { HyperemoteId } from '@shabaash/core';
import { useEffect, useRef, useState } from 'react';

import { addEmojiFace } from '../../fonts/emoji-face';
import { cn } from '../../lib/cn';
import { DONATION_TEXT, HYPEREMOTE_HIGHLIGHT_MS } from './donation.constants';

// The donation page declares the emoji face when this module loads (lazy-form-parts.tsx: on the
// fan's first touch or focus), so its bytes stay out of the script a fan loads before Donate.
if (typeof document !== 'undefined') addEmojiFace();

/**
 * The 12-emote grid of spec 02 §2, shown in hyperemote mode when the streamer enables it. A
 * native radio group (arrow keys, "radio, 3 of 12"); a pick is highlighted for 3000 ms.
 */
export function HyperemotePicker({
  value,
  onChange,
  disabled,
}: {
  value: HyperemoteId | null;
  onChange: (id: HyperemoteId) => void;
  disabled?: boolean;
}) {
  const [highlighted, setHighlighted] = useState<HyperemoteId | null>(null);
  const timerRef = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timerRef.current), []);

  const handlePick = (id: HyperemoteId) => {
    onChange(id);
    setHighlighted(id);
    window.clearTimeout(timerRef.current);
    timerRef.current = window.setTimeout(() => setHighlighted(null), HYPEREMOTE_HIGHLIGHT_MS);
  };

  return (
    <fieldset disabled={disabled} className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {DONATION_TEXT.emotePickerLegend}
      </legend>
      <div className="grid grid-cols-4 gap-2">
        {HYPEREMOTES.map((emote) => {
          const isHighlighted = highlighted === emote.id;
          return (
            <label
              key={emote.id}
              className={cn(
                'relative flex cursor-pointer flex-col items-center gap-0.5 rounded-xl border border-slate-200 bg-white py-2 transition-all',
                'hover:border-brand-300 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
                isHighlighted && 'scale-105 shadow-lg shadow-brand-500/30 motion-reduce:scale-100',
              )}
            >
              <input
                type="radio"
                name="hyperemote"
                value={emote.id}
                checked={value === emote.id}
                onChange={() => handlePick(emote.id)}
                // Invisible but covering the tile: taps land on the radio itself.
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span
                aria-hidden="true"
                className={cn(
                  'font-emoji text-3xl leading-none',
                  isHighlighted && 'animate-bounce motion-reduce:animate-none',
                )}
              >
                {emote.emoji}
              </span>
              <span className="text-[11px] font-medium text-slate-700">{emote.name}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
