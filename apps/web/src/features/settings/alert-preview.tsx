import {
  bundledSoundPath,
  mediaPath,
  renderAlertTemplate,
  type AlertVariation,
} from '@shabaash/core';
import { Play } from 'lucide-react';

import { Button } from '../../components/ui/button';
import { SETTINGS_TEXT } from './settings.constants';

/** The sample tip a preview shows: the variation's own starting amount, or ₹101. */
const SAMPLE_AMOUNT_PAISE = 10_100;

export function soundUrlOf(variation: AlertVariation): string | null {
  if (variation.sound.kind === 'bundled') return bundledSoundPath(variation.sound.id);
  if (variation.sound.kind === 'upload') return mediaPath(variation.sound.media_id);
  return null;
}

/**
 * What the overlay will show for this variation, drawn the overlay's way (dark card, the name
 * and amount in colour), from the unsaved draft. The text is React text, never HTML.
 */
export function AlertPreview({ variation }: { variation: AlertVariation }) {
  const amountPaise = Math.max(variation.min_amount_paise, SAMPLE_AMOUNT_PAISE);
  const parts = renderAlertTemplate(variation.template, {
    name: SETTINGS_TEXT.previewName,
    amount_paise: amountPaise,
  });
  const soundUrl = soundUrlOf(variation);
  const timing =
    variation.duration_ms === null
      ? SETTINGS_TEXT.standardTiming
      : `${String(variation.duration_ms / 1000)} s`;

  return (
    <div className="flex flex-col gap-3">
      <div
        aria-live="polite"
        data-alert-preview
        className="flex min-h-40 flex-col items-center justify-center gap-3 rounded-2xl bg-[repeating-conic-gradient(#e2e8f0_0%_25%,#f8fafc_0%_50%)] bg-[length:24px_24px] p-4"
      >
        <div className="flex max-w-full flex-col items-center gap-2 rounded-2xl bg-slate-950/85 px-6 py-4 text-center text-white shadow-xl">
          {variation.image_media_id && (
            <img
              src={mediaPath(variation.image_media_id)}
              alt=""
              className="max-h-24 max-w-full object-contain"
            />
          )}
          <p className="text-xl leading-tight font-extrabold [overflow-wrap:anywhere]">
            {parts.map((part, index) => (
              <span
                key={index}
                className={
                  part.kind === 'name'
                    ? 'text-amber-300'
                    : part.kind === 'amount'
                      ? 'text-emerald-300'
                      : undefined
                }
              >
                {part.text}
              </span>
            ))}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-xs text-slate-500">
        <span>{timing}</span>
        {soundUrl && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void new Audio(soundUrl).play().catch(() => {})}
          >
            <Play aria-hidden="true" className="size-4" />
            {SETTINGS_TEXT.playSound}
          </Button>
        )}
      </div>
    </div>
  );
}
