import type { MetaFunction } from 'react-router';

import { BlogPage } from '../features/blog/blog-pages';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () =>
  pageMeta({
    title: 'Guides',
    description:
      'Guides for Indian streamers on UPI tipping, fan engagement and earning from live streams.',
  });

export default BlogPage;
