import { ANONYMOUS_DONOR_NAME, DONATION_LIMITS } from '@shabaash/core';

import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { DONATION_TEXT } from './donation.constants';

/**
 * The fan's name, and the choice to tip anonymously. While anonymous is ticked the name box
 * reads 'Anonymous' and is set aside; what was typed comes back if the fan unticks it, and is
 * never sent with an anonymous order.
 */
export function DonorNameField({
  name,
  isAnonymous,
  onChange,
  disabled,
  error,
}: {
  name: string;
  isAnonymous: boolean;
  onChange: (patch: { name?: string; isAnonymous?: boolean }) => void;
  disabled: boolean;
  /** The form's problem with the name, shown under the box. */
  error?: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-2.5">
      <Field label={DONATION_TEXT.nameLabel} error={error}>
        <Input
          name="name"
          data-field="name"
          autoComplete="nickname"
          maxLength={DONATION_LIMITS.nameMaxChars}
          placeholder={isAnonymous ? ANONYMOUS_DONOR_NAME : DONATION_TEXT.namePlaceholder}
          value={isAnonymous ? '' : name}
          disabled={disabled || isAnonymous}
          onChange={(event) => onChange({ name: event.target.value })}
        />
      </Field>
      <label className="flex cursor-pointer items-start gap-2.5 text-sm has-disabled:cursor-not-allowed">
        <input
          type="checkbox"
          name="anonymous"
          checked={isAnonymous}
          disabled={disabled}
          onChange={(event) => onChange({ isAnonymous: event.target.checked })}
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
        />
        <span className="flex flex-col">
          <span className="font-medium text-slate-900">{DONATION_TEXT.anonymousLabel}</span>
          <span className="text-xs text-slate-500">{DONATION_TEXT.anonymousHint}</span>
        </span>
      </label>
    </div>
  );
}
