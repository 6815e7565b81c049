import type { MetaFunction } from 'react-router';

import { AuthPage } from '../features/auth/auth-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Sign in', noIndex: true });

export default AuthPage;
