import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/lazy-toast';

import { Button } from '../../../components/ui/button';
import { AUTH_MESSAGE_TEXT, AUTH_TEXT } from '../auth.constants';
import { describeAuthFailure, validateLogin } from '../auth-messages';
import { useLogin } from '../use-auth-mutations';
import { EmailField } from './email-field';
import { PasswordField } from './password-field';

/**
 * E-mail and password login. Validation runs on submit and answers with the spec's toasts, so
 * the browser's own required/email checks are switched off (`noValidate`). On success the
 * session changes and the auth page moves on to the redirect target.
 */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const problem = validateLogin({ email, password });
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    try {
      await login.mutateAsync({ email: email.trim(), password });
      toast.success(AUTH_MESSAGE_TEXT.welcomeBack);
    } catch (error) {
      const failure = describeAuthFailure(error, 'login');
      toast.error(failure.title, { description: failure.description });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <EmailField value={email} onChange={setEmail} autoComplete="username" />
      <PasswordField
        label={AUTH_TEXT.passwordLabel}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <Button type="submit" className="mt-2 w-full" disabled={login.isPending}>
        {login.isPending ? AUTH_TEXT.loginPending : AUTH_TEXT.loginButton}
      </Button>
      <Link to="/auth/forgot" className="self-center text-sm text-slate-600 underline">
        {AUTH_TEXT.forgotPasswordLink}
      </Link>
    </form>
  );
}
