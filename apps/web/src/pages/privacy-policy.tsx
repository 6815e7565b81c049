import type { MetaFunction } from 'react-router';

import { PrivacyPolicyPage } from '../features/legal/privacy-policy-page';
import { publicPageMeta } from '../features/marketing/seo';

export const meta: MetaFunction = () =>
  publicPageMeta({
    title: 'Privacy Policy',
    description:
      'How Shabaash collects, uses and protects your data, and the terms of using the service.',
    path: '/privacy-policy',
  });

export default PrivacyPolicyPage;
