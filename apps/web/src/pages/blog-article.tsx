import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { BlogArticlePage } from '../features/blog/blog-article-page';
import { findGuide } from '../features/blog/guides';
import { publicPageMeta } from '../features/marketing/seo';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) => {
  const guide = findGuide(params.slug);
  if (!guide) return pageMeta({ title: 'Page not found', noIndex: true });
  return publicPageMeta({
    title: guide.title,
    description: guide.excerpt,
    path: `/blog/${guide.slug}`,
    type: 'article',
    publishedTime: guide.date,
  });
};

export default function BlogArticleRoute() {
  const { slug = '' } = useParams();
  return <BlogArticlePage slug={slug} />;
}
