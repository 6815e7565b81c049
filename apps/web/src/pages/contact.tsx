import type { MetaFunction } from 'react-router';

import { ContactPage } from '../features/contact/contact-page';
import { publicPageMeta } from '../features/marketing/seo';

export const meta: MetaFunction = () =>
  publicPageMeta({
    title: 'Contact',
    description:
      'Questions about UPI tipping, OBS alerts or a plan? E-mail, call or message the Shabaash team.',
    path: '/contact',
  });

export default ContactPage;
