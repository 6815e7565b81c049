import type { MetaFunction } from 'react-router';

import { VerifyEmailPage } from '../features/onboarding/verify-email-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Verify your e-mail', noIndex: true });

export default VerifyEmailPage;
