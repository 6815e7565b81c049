import type { MetaFunction } from 'react-router';

import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Forgot password', noIndex: true });

export default ForgotPasswordPage;
