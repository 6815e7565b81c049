import {
  CONSENT_TEXT,
  PASSWORD_MIN_LENGTH,
  SIGNUP_NOTICE,
  type InviteDetails,
} from '@shabaash/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from '../../lib/lazy-toast';

import { CenteredPage } from '../../components/centered-page';
import { Button, buttonStyles } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api-error';
import { FullPageSpinner } from '../auth/full-page-spinner';
import { LogoutButton } from '../auth/logout-button';
import { signInPath } from '../auth/redirect';
import { useSession } from '../auth/use-session';
import { DashboardMessage } from '../dashboard/components/dashboard-message';
import { ConsentCheckbox, PrivacyNotice } from '../privacy-notice/privacy-notice';
import { VerifyEmailNotice } from '../onboarding/verify-email-notice';
import { acceptInvite, fetchInvite } from './invite.api';
import { INVITE_TEXT } from './invite.constants';
import { AUTH_MESSAGE_TEXT } from '../auth/auth.constants';
import { CONSENT_ERRORS } from '../donation/donation.constants';

/**
 * /auth/invite/:code: the one-time sign-up link an admin sends. A new invitee chooses a
 * password (the account and the membership are made together); an invitee who already has
 * the account logs in and joins; anyone else is told whose invite it is.
 */
export function InvitePage({ code }: { code: string }) {
  const session = useSession();
  const invite = useQuery({
    queryKey: ['invite', code],
    queryFn: ({ signal }) => fetchInvite(code, signal),
  });

  if (invite.isPending || session.status === 'loading') {
    return <FullPageSpinner label={INVITE_TEXT.loading} />;
  }
  if (invite.isError) {
    return (
      <DashboardMessage
        icon={MailWarning}
        title={INVITE_TEXT.invalidTitle}
        description={errorText(invite.error)}
      >
        <Link to="/" className={buttonStyles()}>
          {INVITE_TEXT.home}
        </Link>
      </DashboardMessage>
    );
  }
  return (
    <CenteredPage>
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight text-balance text-slate-900">
            {INVITE_TEXT.title(invite.data.streamer.name)}
          </h1>
          {session.status === 'signed-out' && !invite.data.has_account && (
            <CardDescription>{INVITE_TEXT.description(invite.data.email)}</CardDescription>
          )}
        </CardHeader>
        <CardContent>
          {session.status === 'signed-in' ? (
            <SignedInInvite code={code} invite={invite.data} />
          ) : invite.data.has_account ? (
            <ExistingAccountInvite invite={invite.data} />
          ) : (
            <NewAccountForm code={code} invite={invite.data} />
          )}
        </CardContent>
      </Card>
    </CenteredPage>
  );
}

function useGoToDashboard(invite: InviteDetails) {
  const navigate = useNavigate();
  return (slug: string) => {
    toast.success(INVITE_TEXT.welcome(invite.streamer.name));
    void navigate(`/dashboard/${encodeURIComponent(slug)}`, { replace: true });
  };
}

function NewAccountForm({ code, invite }: { code: string; invite: InviteDetails }) {
  const { establishSession } = useSession();
  const goToDashboard = useGoToDashboard(invite);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // The sign-up's 18+ declaration (issue 29): never ticked in advance.
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [ageError, setAgeError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: (chosen: string) => acceptInvite(code, { password: chosen }),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.length < PASSWORD_MIN_LENGTH)
      return setProblem(AUTH_MESSAGE_TEXT.passwordTooShort);
    if (password !== confirm) return setProblem(AUTH_MESSAGE_TEXT.passwordMismatch);
    setProblem(null);
    if (!ageConfirmed) return setAgeError(CONSENT_ERRORS.ageRequired);
    accept.mutate(password, {
      onSuccess: (result) => {
        if (result.session) establishSession({ user: result.user, session: result.session });
        goToDashboard(result.streamer_slug);
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <Field label={INVITE_TEXT.emailLabel}>
        <Input type="email" value={invite.email} readOnly autoComplete="username" />
      </Field>
      <Field label={INVITE_TEXT.passwordLabel} hint={INVITE_TEXT.passwordHint}>
        <Input
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <Field label={INVITE_TEXT.confirmLabel}>
        <Input
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
      </Field>
      <PrivacyNotice notice={SIGNUP_NOTICE} />
      <ConsentCheckbox
        name="age_confirmed"
        label={CONSENT_TEXT.ageConfirm}
        checked={ageConfirmed}
        onChange={(checked) => {
          setAgeConfirmed(checked);
          if (checked) setAgeError(undefined);
        }}
        error={ageError}
      />
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? INVITE_TEXT.creating : INVITE_TEXT.create}
      </Button>
    </form>
  );
}

function ExistingAccountInvite({ invite }: { invite: InviteDetails }) {
  const location = useLocation();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{INVITE_TEXT.hasAccount(invite.email)}</p>
      <Link to={signInPath(location)} className={buttonStyles({ className: 'w-full' })}>
        {INVITE_TEXT.logIn}
      </Link>
    </div>
  );
}

function SignedInInvite({ code, invite }: { code: string; invite: InviteDetails }) {
  const { user, token } = useSession();
  const goToDashboard = useGoToDashboard(invite);
  const accept = useMutation({ mutationFn: () => acceptInvite(code, { token }) });
  const [problem, setProblem] = useState<string | null>(null);

  if (user && user.email !== invite.email) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{INVITE_TEXT.signedInAs(user.email)}</p>
        <p role="alert" className="text-sm font-medium text-red-700">
          {INVITE_TEXT.wrongAccount(invite.email)}
        </p>
        <LogoutButton size="md" />
      </div>
    );
  }
  // Joining needs a verified address (the server refuses otherwise): the way to verify instead.
  if (user && !user.email_verified) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{INVITE_TEXT.signedInAs(invite.email)}</p>
        <VerifyEmailNotice email={user.email} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{INVITE_TEXT.signedInAs(invite.email)}</p>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <Button
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(undefined, {
            onSuccess: (result) => goToDashboard(result.streamer_slug),
            onError: (error) => setProblem(errorText(error)),
          })
        }
      >
        {accept.isPending ? INVITE_TEXT.joining : INVITE_TEXT.join}
      </Button>
    </div>
  );
}
