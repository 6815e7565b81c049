import { BlogPage } from '../features/blog/blog-page';
import { publicPageMetaOf } from '../features/marketing/seo';

export const meta = publicPageMetaOf('blog', '/blog');

export default BlogPage;
