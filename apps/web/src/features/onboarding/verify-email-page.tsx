import { useMutation } from '@tanstack/react-query';
import { MailCheck, MailWarning } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';

import { buttonStyles } from '../../components/ui/button';
import { errorText } from '../../lib/api-error';
import { verifyEmailRequest } from '../auth/auth.api';
import { FullPageSpinner } from '../auth/full-page-spinner';
import { useSession } from '../auth/use-session';
import { DashboardMessage } from '../dashboard/components/dashboard-message';
import { VERIFY_TEXT } from './onboarding.constants';

/**
 * /auth/verify?token=…: the e-mailed link's page. It verifies at once (the link is single use,
 * so a second open says so), then leads on to "Create your page", or to log in when this
 * browser is not signed in.
 */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const session = useSession();
  const { refreshUser } = session;
  const verify = useMutation({ mutationFn: verifyEmailRequest });
  const { mutate } = verify;
  // Once per page: the token is single use, so a second request would only report it spent.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    mutate({ token }, { onSuccess: () => void refreshUser() });
  }, [token, mutate, refreshUser]);

  if (!token) {
    return (
      <DashboardMessage
        icon={MailWarning}
        title={VERIFY_TEXT.failedTitle}
        description={VERIFY_TEXT.missingToken}
      />
    );
  }
  if (verify.isError) {
    return (
      <DashboardMessage
        icon={MailWarning}
        title={VERIFY_TEXT.failedTitle}
        description={errorText(verify.error)}
      >
        <Link to="/dashboard/create" className={buttonStyles()}>
          {VERIFY_TEXT.createPage}
        </Link>
      </DashboardMessage>
    );
  }
  if (!verify.isSuccess || session.status === 'loading') {
    return <FullPageSpinner label={VERIFY_TEXT.verifying} />;
  }
  const isSignedIn = session.status === 'signed-in';
  const verified = verify.data.user;
  // The link may be opened in a browser signed in as someone else: say which account it was.
  const description = !isSignedIn
    ? VERIFY_TEXT.verifiedSignedOut
    : session.user.id === verified.id
      ? VERIFY_TEXT.verifiedSignedIn
      : VERIFY_TEXT.verifiedOtherAccount(verified.email, session.user.email);
  return (
    <DashboardMessage icon={MailCheck} title={VERIFY_TEXT.verifiedTitle} description={description}>
      <Link
        to={
          isSignedIn
            ? '/dashboard/create'
            : `/auth?redirect=${encodeURIComponent('/dashboard/create')}`
        }
        className={buttonStyles()}
      >
        {isSignedIn ? VERIFY_TEXT.createPage : VERIFY_TEXT.logIn}
      </Link>
    </DashboardMessage>
  );
}
