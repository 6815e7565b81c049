import type { MetaFunction } from 'react-router';

import { BlogPage } from '../features/blog/blog-page';
import { publicPageMeta } from '../features/marketing/seo';

export const meta: MetaFunction = () =>
  publicPageMeta({
    title: 'Guides',
    description:
      'Guides for Indian streamers on UPI tipping, payment security, fan engagement and earning from live streams.',
    path: '/blog',
  });

export default BlogPage;
