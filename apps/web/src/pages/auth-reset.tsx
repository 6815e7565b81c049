import type { MetaFunction } from 'react-router';

import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { pageMeta } from '../lib/meta';
import { InAuthLanguage } from '../features/auth/auth-language';

export const meta: MetaFunction = () => pageMeta({ title: 'Set a new password', noIndex: true });

/** In the reader's language, with the language switch (issue 21). */
export default function ResetPasswordPageRoute() {
  return (
    <InAuthLanguage page="reset">
      <ResetPasswordPage />
    </InAuthLanguage>
  );
}
