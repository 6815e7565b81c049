import { SitemapPage } from '../features/marketing/sitemap-page';
import { publicPageMetaOf } from '../features/marketing/seo';

export const meta = publicPageMetaOf('sitemap', '/sitemap');

export default SitemapPage;
