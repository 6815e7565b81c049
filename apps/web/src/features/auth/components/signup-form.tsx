import { AUTH_MESSAGES } from '@shabaash/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/lazy-toast';

import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { AUTH_TEXT } from '../auth.constants';
import { describeAuthFailure, validateSignup } from '../auth-messages';
import { useRegister } from '../use-auth-mutations';

/** Account creation: e-mail, password and confirmation, checked on submit (spec 01 §5). */
export function SignupForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const register = useRegister();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const problem = validateSignup({ email, password, confirmPassword });
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    try {
      await register.mutateAsync({ email: email.trim(), password });
      toast.success(AUTH_MESSAGES.accountCreated);
    } catch (error) {
      const failure = describeAuthFailure(error, 'signup');
      toast.error(failure.title, { description: failure.description });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <Field label={AUTH_TEXT.emailLabel}>
        <Input
          type="email"
          name="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={AUTH_TEXT.emailPlaceholder}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Field>
      <Field label={AUTH_TEXT.passwordLabel} hint={AUTH_TEXT.newPasswordHint}>
        <Input
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <Field label={AUTH_TEXT.confirmPasswordLabel}>
        <Input
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
        />
      </Field>
      <Button type="submit" className="mt-2 w-full" disabled={register.isPending}>
        {register.isPending ? AUTH_TEXT.signupPending : AUTH_TEXT.signupButton}
      </Button>
    </form>
  );
}
