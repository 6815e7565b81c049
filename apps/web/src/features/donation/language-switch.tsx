import { LANGUAGES, LANGUAGE_LABELS } from '@shabaash/core';

import { useLanguage } from '../../i18n/i18n';
import { DONATION_TEXT } from './donation.constants';

/**
 * The fan's language switch on the donation page (issue 21): each language named in its own
 * script ("English", "हिन्दी"), so a reader finds theirs whatever the page speaks now. The choice
 * is remembered in a cookie: the server renders the next visit in it.
 */
export function LanguageSwitch() {
  const { language, switchLanguage } = useLanguage();
  return (
    <div
      role="group"
      aria-label={DONATION_TEXT.languageSwitchLabel}
      className="flex rounded-full bg-black/20 p-0.5 text-xs font-semibold ring-1 ring-white/30"
    >
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === language}
          data-language-option={option}
          onClick={() => {
            if (option !== language) switchLanguage(option);
          }}
          // The device's own font: "हिन्दी" on an English page must not fetch the page's
          // Devanagari font (app.css), which a Hindi page needs anyway.
          style={{ fontFamily: 'system-ui, sans-serif' }}
          className="rounded-full px-3 py-1 text-white/90 aria-pressed:bg-white aria-pressed:text-slate-900"
        >
          {LANGUAGE_LABELS[option]}
        </button>
      ))}
    </div>
  );
}
