import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { AUTH_TEXT } from '../auth.constants';

/**
 * The account e-mail box of the auth forms (login, sign-up, forgot password): no capitals or
 * spell-check on a phone keyboard, and the password manager's hint for the form it is in.
 */
export function EmailField({
  value,
  onChange,
  autoComplete,
  error,
}: {
  value: string;
  onChange: (email: string) => void;
  /** 'username' where a password manager fills an existing account, 'email' for a new one. */
  autoComplete: 'username' | 'email';
  error?: string;
}) {
  return (
    <Field label={AUTH_TEXT.emailLabel} error={error}>
      <Input
        type="email"
        name="email"
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        placeholder={AUTH_TEXT.emailPlaceholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
