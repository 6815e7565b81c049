import { CenteredPage } from '../../components/centered-page';
import { ComingSoon } from '../../components/coming-soon';

// TODO(auth issue): the auth screen of spec 01 §2 — login and sign-up tabs, the login-only
// 'Streamer Dashboard Login' variant when ?redirect= contains 'dashboard', Back button, redirect
// of an already signed-in user, and the session provider (token key auth_token).
export function AuthPage() {
  return (
    <CenteredPage>
      <ComingSoon
        title="Streamer login"
        description="Sign in to your Shabaash dashboard, or create an account."
      />
    </CenteredPage>
  );
}
