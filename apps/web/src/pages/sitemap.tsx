import type { MetaFunction } from 'react-router';

import { SitemapPage } from '../features/marketing/sitemap-page';
import { publicPageMeta } from '../features/marketing/seo';

export const meta: MetaFunction = () =>
  publicPageMeta({
    title: 'Site map',
    description: 'Every page of the Shabaash website: main pages, guides and policies.',
    path: '/sitemap',
  });

export default SitemapPage;
