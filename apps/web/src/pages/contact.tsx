import type { MetaFunction } from 'react-router';

import { ContactPage } from '../features/contact/contact-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () =>
  pageMeta({
    title: 'Contact',
    description: 'Questions about UPI tipping or live alerts? Write to the Shabaash team.',
  });

export default ContactPage;
