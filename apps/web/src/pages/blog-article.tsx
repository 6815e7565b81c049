import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { BlogArticlePage } from '../features/blog/blog-pages';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = () => pageMeta({ title: 'Guide' });

export default function BlogArticleRoute() {
  const { slug = '' } = useParams();
  return <BlogArticlePage slug={slug} />;
}
