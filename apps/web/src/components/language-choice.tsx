import { LANGUAGES, LANGUAGE_LABELS, type Language } from '@shabaash/core';

/** The face of the languages' names (app.css), then the device's own. */
const LANGUAGE_NAMES_FONT = "'Shabaash Language Names', system-ui, sans-serif";

/** How a switch looks: its group's and each option's classes. */
export type LanguageChoiceLook = { group: string; option: string };

/**
 * The look on a light page (marketing, auth). Each other look lives beside its one user, so a
 * page ships only its own classes (the donation page's JS budget, bench/page-weight.bench.ts).
 */
export const LIGHT_LANGUAGE_CHOICE: LanguageChoiceLook = {
  group: 'rounded-full bg-slate-100 p-0.5 text-xs font-semibold ring-1 ring-slate-200',
  option:
    'rounded-full px-2.5 py-1 whitespace-nowrap text-slate-600 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm',
};

/**
 * The one language switch of the product (issue 21), on the donation, marketing, auth and
 * signed-in pages: each language named in its own script ("English", "हिन्दी"), so a reader
 * finds theirs whatever the page speaks now; the one in use is pressed.
 */
export function LanguageChoice({
  language,
  label,
  onChoose,
  look,
  display = 'flex',
  disabled = false,
}: {
  language: Language;
  /** The group's accessible name ("Language", in the page's language). */
  label: string;
  /** Called with another language than the page's. */
  onChoose: (language: Language) => void;
  look: LanguageChoiceLook;
  /** Its display: `flex`, or `hidden sm:flex` where a narrow header has no room. */
  display?: string;
  /** While a change is being saved. */
  disabled?: boolean;
}) {
  return (
    <div role="group" aria-label={label} className={`${display} ${look.group}`}>
      {LANGUAGES.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          aria-pressed={option === language}
          data-language-option={option}
          disabled={disabled}
          onClick={() => {
            if (option !== language) onChoose(option);
          }}
          // The other language's name from a face of its few glyphs: "हिन्दी" on an English
          // page must not fetch the Devanagari text font (app.css), which a Hindi page loads.
          style={option === language ? undefined : { fontFamily: LANGUAGE_NAMES_FONT }}
          className={look.option}
        >
          {LANGUAGE_LABELS[option]}
        </button>
      ))}
    </div>
  );
}
