import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { CenteredPage } from '../../components/centered-page';
import { Button, buttonStyles } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { errorText } from '../../lib/api-error';
import { resetPasswordRequest } from './auth.api';
import { AUTH_MESSAGE_TEXT, AUTH_TEXT } from './auth.constants';
import { PasswordField } from './components/password-field';

/** /auth/reset?token=…: the e-mailed link's page, where the new password is set. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const reset = useMutation({ mutationFn: resetPasswordRequest });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    setMismatch(password !== confirmation);
    if (password === confirmation) reset.mutate({ token, password });
  };

  const problem = mismatch
    ? AUTH_MESSAGE_TEXT.passwordMismatch
    : reset.isError
      ? errorText(reset.error)
      : undefined;

  return (
    <CenteredPage>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            {AUTH_TEXT.resetTitle}
          </h1>
          <CardDescription>{AUTH_TEXT.resetDescription}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {reset.isSuccess ? (
            <>
              <p role="status" className="text-slate-700">
                {AUTH_MESSAGE_TEXT.passwordResetDone}
              </p>
              <Link to="/auth" className={buttonStyles()}>
                {AUTH_TEXT.loginButton}
              </Link>
            </>
          ) : token === '' ? (
            <p role="alert" className="text-slate-700">
              {AUTH_TEXT.resetMissingToken}
            </p>
          ) : (
            <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
              <PasswordField
                label={AUTH_TEXT.newPasswordLabel}
                hint={AUTH_TEXT.newPasswordHint}
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={setPassword}
              />
              <PasswordField
                label={AUTH_TEXT.confirmPasswordLabel}
                error={problem}
                name="confirm-password"
                autoComplete="new-password"
                value={confirmation}
                onChange={setConfirmation}
              />
              <Button type="submit" className="w-full" disabled={reset.isPending}>
                {reset.isPending ? AUTH_TEXT.resetPending : AUTH_TEXT.resetButton}
              </Button>
            </form>
          )}
          {reset.isSuccess ? null : (
            <Link to="/auth/forgot" className="self-center text-sm text-slate-600 underline">
              {AUTH_TEXT.requestNewLink}
            </Link>
          )}
        </CardContent>
      </Card>
    </CenteredPage>
  );
}
