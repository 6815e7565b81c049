import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { CenteredPage } from '../../components/centered-page';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { errorText } from '../../lib/api-error';
import { forgotPasswordRequest } from './auth.api';
import { AUTH_MESSAGE_TEXT, AUTH_TEXT } from './auth.constants';
import { EmailField } from './components/email-field';

/**
 * /auth/forgot: asks for a reset link. The answer is the same whether or not the e-mail has an
 * account, so the page says only that a link is on its way if it does.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: forgotPasswordRequest });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!request.isPending) request.mutate({ email: email.trim() });
  };

  return (
    <CenteredPage>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">
            {AUTH_TEXT.forgotTitle}
          </h1>
          <CardDescription>{AUTH_TEXT.forgotDescription}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {request.isSuccess ? (
            <p role="status" className="text-slate-700">
              {AUTH_MESSAGE_TEXT.resetLinkSent}
            </p>
          ) : (
            <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
              <EmailField
                value={email}
                onChange={setEmail}
                autoComplete="username"
                error={request.isError ? errorText(request.error) : undefined}
              />
              <Button type="submit" className="w-full" disabled={request.isPending}>
                {request.isPending ? AUTH_TEXT.forgotPending : AUTH_TEXT.forgotButton}
              </Button>
            </form>
          )}
          <Link to="/auth" className="self-center text-sm text-slate-600 underline">
            {AUTH_TEXT.backToLogin}
          </Link>
        </CardContent>
      </Card>
    </CenteredPage>
  );
}
