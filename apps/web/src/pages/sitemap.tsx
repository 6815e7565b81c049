import type { MetaFunction } from 'react-router';

import { SitemapPage } from '../features/marketing/sitemap-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () =>
  pageMeta({ title: 'Site map', description: 'Every page of the Shabaash website.' });

export default SitemapPage;
