import type { MetaFunction } from 'react-router';

import { AuthPage } from '../features/auth/auth-page';
import { pageMeta } from '../lib/meta';
import { InAuthLanguage } from '../features/auth/auth-language';

export const meta: MetaFunction = () => pageMeta({ title: 'Sign in', noIndex: true });

/** In the reader's language, with the language switch (issue 21). */
export default function AuthPageRoute() {
  return (
    <InAuthLanguage page="signIn">
      <AuthPage />
    </InAuthLanguage>
  );
}
