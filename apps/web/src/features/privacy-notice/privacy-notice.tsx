import { CONSENT_TEXT, PRIVACY_NOTICES, PRIVACY_RIGHTS_PATH, type NoticeId } from '@shabaash/core';

import { FieldError } from '../../components/ui/field';

/**
 * The privacy notice of a form (issue 29, DPDP Rule 3), from packages/core/src/privacy-notices.ts:
 * English, Hindi one tap away, and the link to the rights page where consent is withdrawn,
 * rights are exercised and a complaint is explained. Plain text, so it costs the page little.
 */
export function PrivacyNotice({ id }: { id: NoticeId }) {
  const notice = PRIVACY_NOTICES[id];
  return (
    <section
      aria-label={CONSENT_TEXT.noticeHeading.en}
      data-notice-version={`${id}@${String(notice.version)}`}
      className="flex flex-col gap-1.5 rounded-md bg-slate-50 p-3 text-xs leading-relaxed text-slate-600"
    >
      <p>{notice.text.en}</p>
      <details>
        <summary className="cursor-pointer font-medium text-slate-700">हिन्दी में पढ़ें</summary>
        <p lang="hi" className="mt-1">
          {notice.text.hi}
        </p>
      </details>
      <a
        href={PRIVACY_RIGHTS_PATH}
        target="_blank"
        rel="noreferrer"
        className="self-start font-medium text-brand-700 underline"
      >
        {CONSENT_TEXT.rightsLink.en} / {CONSENT_TEXT.rightsLink.hi}
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
          <span className="font-medium text-slate-900">{label.en}</span>
          <span lang="hi" className="text-xs text-slate-500">
            {label.hi}
          </span>
        </span>
      </label>
      <FieldError id={undefined} error={error} />
    </div>
  );
}
