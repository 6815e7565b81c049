import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/lazy-toast';
import { resendVerificationRequest } from '../auth/auth.api';
import { useSession } from '../auth/use-session';
import { VERIFY_TEXT } from './onboarding.constants';

/**
 * What an unverified account reads where it would create or join a page: where the link went,
 * "Resend verification e-mail", and "I have verified it" for a link opened in another tab
 * (coming back to this tab checks again by itself).
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const { token, refreshUser } = useSession();
  const [problem, setProblem] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const resend = useMutation({
    mutationFn: () => resendVerificationRequest(token ?? ''),
    onSuccess: () => {
      setProblem(null);
      toast.success(VERIFY_TEXT.resent);
    },
    onError: (error) => setProblem(errorText(error)),
  });

  useEffect(() => {
    const handleFocus = () => void refreshUser();
    window.addEventListener('focus', handleFocus);
    return () => window.removeEventListener('focus', handleFocus);
  }, [refreshUser]);

  const handleCheck = async () => {
    setIsChecking(true);
    await refreshUser();
    setIsChecking(false);
    // Still here: the session's user is still unverified (a verified one leaves this notice).
    setProblem(VERIFY_TEXT.stillUnverified);
  };

  return (
    <section aria-labelledby="verify-notice-title" className="flex flex-col gap-4">
      <h2 id="verify-notice-title" className="text-lg font-semibold text-slate-900">
        {VERIFY_TEXT.noticeTitle}
      </h2>
      <p className="text-sm text-slate-700">{VERIFY_TEXT.noticeText(email)}</p>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? VERIFY_TEXT.resending : VERIFY_TEXT.resend}
        </Button>
        <Button variant="outline" disabled={isChecking} onClick={() => void handleCheck()}>
          {isChecking ? VERIFY_TEXT.checking : VERIFY_TEXT.checkAgain}
        </Button>
      </div>
    </section>
  );
}
