import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

/**
 * A password box of the account forms (login, sign-up, reset, account page), with the
 * password manager's hint: 'current-password' to fill a saved one, 'new-password' to offer one.
 */
export function PasswordField({
  label,
  hint,
  error,
  name,
  autoComplete,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (password: string) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      <Input
        type="password"
        name={name}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  );
}
