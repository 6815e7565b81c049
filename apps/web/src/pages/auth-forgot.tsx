import type { MetaFunction } from 'react-router';

import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { pageMeta } from '../lib/meta';
import { InAuthLanguage } from '../features/auth/auth-language';

export const meta: MetaFunction = () => pageMeta({ title: 'Forgot password', noIndex: true });

/** In the reader's language, with the language switch (issue 21). */
export default function ForgotPasswordPageRoute() {
  return (
    <InAuthLanguage page="forgot">
      <ForgotPasswordPage />
    </InAuthLanguage>
  );
}
