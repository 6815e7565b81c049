import type { DonationType } from '@shabaash/core';
import { createLucideIcon, MessageSquareText, Mic, Sparkles } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';

import { DONATION_TEXT, DONATION_TYPE_HINTS, DONATION_TYPE_LABELS } from './donation.constants';

/** "GIF / Video": a frame with a play mark, drawn here (lucide's film icon costs more bytes). */
const MediaIcon = createLucideIcon('media', [
  ['path', { d: 'M3 5h18v14H3zm7 4v6l5-3z', key: 'm' }],
]);

const ICONS: Record<DonationType, LucideIcon> = {
  text: MessageSquareText,
  voice: Mic,
  hyperemote: Sparkles,
  media: MediaIcon,
};

/**
 * The donation type as a native radio group: arrow keys move between the types and screen
 * readers announce "radio, 1 of 3" without any scripting. `types` are the ones the page's
 * plans offer (the profile's `tip_types`).
 */
export function DonationTypeField({
  value,
  types,
  onChange,
  disabled,
  textHint = DONATION_TYPE_HINTS.text,
}: {
  value: DonationType;
  types: readonly DonationType[];
  onChange: (type: DonationType) => void;
  disabled?: boolean;
  /** What a text tip gets on this page (read aloud or not: textTipPromise). */
  textHint?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {DONATION_TEXT.typeLegend}
      </legend>
      {/* Two or four types: two columns (2×2 with GIF / Video); three: one row. */}
      <div className={types.length % 2 ? 'grid grid-cols-3 gap-2' : 'grid grid-cols-2 gap-2'}>
        {types.map((type) => {
          const Icon = ICONS[type];
          return (
            <label
              key={type}
              className="relative flex cursor-pointer flex-col items-center gap-1 rounded-xl border border-slate-200 bg-white px-1 py-3 text-center transition-colors hover:border-brand-300 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
            >
              <input
                type="radio"
                name="donation-type"
                value={type}
                checked={value === type}
                onChange={() => onChange(type)}
                // Invisible but covering the tile: taps land on the radio itself.
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <Icon aria-hidden="true" className="size-5 text-brand-700" />
              <span className="text-xs leading-tight font-semibold text-slate-900 sm:text-sm">
                {DONATION_TYPE_LABELS[type]}
              </span>
              <span className="text-[11px] leading-tight text-slate-500">
                {type === 'text' ? textHint : DONATION_TYPE_HINTS[type]}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
