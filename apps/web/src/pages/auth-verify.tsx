import type { MetaFunction } from 'react-router';

import { VerifyEmailPage } from '../features/onboarding/verify-email-page';
import { pageMeta } from '../lib/meta';
import { InAuthLanguage } from '../features/auth/auth-language';

export const meta: MetaFunction = () => pageMeta({ title: 'Verify your e-mail', noIndex: true });

/** In the reader's language, with the language switch (issue 21). */
export default function VerifyEmailPageRoute() {
  return (
    <InAuthLanguage page="verify">
      <VerifyEmailPage />
    </InAuthLanguage>
  );
}
