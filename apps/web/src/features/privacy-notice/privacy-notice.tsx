import {
  CONSENT_TEXT,
  PRIVACY_RIGHTS_PATH,
  type Language,
  type PrivacyNotice as Notice,
} from '@shabaash/core';

import { FieldError } from '../../components/ui/field';
import { useLanguage } from '../../i18n/i18n';

/** Both languages' words, the page's first: `first` in its script, `second` marked as the other. */
function inPageLanguageFirst<T>(pair: { en: T; hi: T }, language: Language) {
  return language === 'hi'
    ? { first: pair.hi, second: pair.en, secondLang: 'en-IN', readOther: 'Read in English' }
    : { first: pair.en, second: pair.hi, secondLang: 'hi', readOther: 'हिन्दी में पढ़ें' };
}

/**
 * The privacy notice of a form (issue 29, DPDP Rule 3), one of packages/core/src/privacy-notices.ts:
 * in the page's language, the other one tap away, and the link to the rights page where consent
 * is withdrawn, rights are exercised and a complaint is explained. Plain text, so it costs the
 * page little.
 */
export function PrivacyNotice({ notice }: { notice: Notice }) {
  const { language } = useLanguage();
  const text = inPageLanguageFirst(notice.text, language);
  const heading = inPageLanguageFirst(CONSENT_TEXT.noticeHeading, language);
  const rights = inPageLanguageFirst(CONSENT_TEXT.rightsLink, language);
  return (
    <section
      aria-label={heading.first}
      data-notice-version={`${notice.id}@${String(notice.version)}`}
      className="flex flex-col gap-1.5 rounded-md bg-slate-50 p-3 text-xs leading-relaxed text-slate-600"
    >
      <p>{text.first}</p>
      <details>
        <summary lang={text.secondLang} className="cursor-pointer font-medium text-slate-700">
          {text.readOther}
        </summary>
        <p lang={text.secondLang} className="mt-1">
          {text.second}
        </p>
      </details>
      <a
        href={PRIVACY_RIGHTS_PATH}
        target="_blank"
        rel="noreferrer"
        className="self-start font-medium text-brand-700 underline"
      >
        {rights.first} / <span lang={rights.secondLang}>{rights.second}</span>
      </a>
    </section>
  );
}

/** A consent or declaration the person ticks themselves: never ticked in advance. */
export function ConsentCheckbox({
  name,
  label,
  checked,
  onChange,
  error,
}: {
  name: string;
  label: { en: string; hi: string };
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
}) {
  const words = inPageLanguageFirst(label, useLanguage().language);
  return (
    <div className="flex flex-col gap-1">
      <label className="flex cursor-pointer items-start gap-2.5 text-sm">
        <input
          type="checkbox"
          name={name}
          checked={checked}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-700"
        />
        <span className="flex flex-col">
          <span className="font-medium text-slate-900">{words.first}</span>
          <span lang={words.secondLang} className="text-xs text-slate-500">
            {words.second}
          </span>
        </span>
      </label>
      <FieldError id={undefined} error={error} />
    </div>
  );
}
