import type { MetaFunction } from 'react-router';

import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Set a new password', noIndex: true });

export default ResetPasswordPage;
