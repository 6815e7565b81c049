import { ALERT_THEMES, bundledImagePath, type AlertTheme, type AlertThemeId } from '@shabaash/core';
import { Check } from 'lucide-react';

import { cn } from '../../lib/cn';
import { DESIGNER_TEXT, THEME_DESCRIPTIONS } from './alert-designer.constants';

/**
 * The ready-made themes as a row of buttons: one click gives the variation the theme's look,
 * sound and image. The thumbnails are the themes' own images, loaded lazily.
 */
export function AlertThemePicker({
  current,
  onApply,
}: {
  current: AlertThemeId | null;
  onApply: (theme: AlertTheme) => void;
}) {
  return (
    <section className="flex flex-col gap-2" aria-label={DESIGNER_TEXT.themesTitle}>
      <div>
        <h4 className="text-sm font-semibold text-slate-900">{DESIGNER_TEXT.themesTitle}</h4>
        <p className="text-xs text-slate-500">{DESIGNER_TEXT.themesHint}</p>
      </div>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {ALERT_THEMES.map((theme) => {
          const isCurrent = theme.id === current;
          return (
            <li key={theme.id}>
              <button
                type="button"
                data-theme-id={theme.id}
                aria-pressed={isCurrent}
                aria-label={DESIGNER_TEXT.applyTheme(theme.name)}
                title={THEME_DESCRIPTIONS[theme.id]}
                onClick={() => onApply(theme)}
                className={cn(
                  'flex h-full w-full items-center gap-2 rounded-lg border p-2 text-left text-sm',
                  'focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
                  isCurrent
                    ? 'border-brand-600 bg-brand-50'
                    : 'border-slate-200 bg-white hover:bg-slate-50',
                )}
              >
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-md"
                  style={{ backgroundColor: theme.design.background_color ?? undefined }}
                >
                  <img
                    src={bundledImagePath(theme.id)}
                    alt=""
                    loading="lazy"
                    className="size-8 object-contain"
                  />
                </span>
                <span className="min-w-0 flex-1 font-medium text-slate-800">{theme.name}</span>
                {isCurrent && <Check aria-hidden="true" className="size-4 text-brand-700" />}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
