import type { MetaFunction } from 'react-router';

import { PrivacyPolicyPage } from '../features/legal/legal-pages';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () =>
  pageMeta({
    title: 'Privacy Policy',
    description: 'How Shabaash collects, uses and protects your data, and our terms of service.',
  });

export default PrivacyPolicyPage;
