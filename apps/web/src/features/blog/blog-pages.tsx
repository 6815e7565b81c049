import { ComingSoon } from '../../components/coming-soon';
import { MarketingLayout, MarketingPlaceholder } from '../marketing/components/marketing-layout';

// TODO(blog issue): the guides list of spec 01 §2 (search box, featured guide, categories, six
// latest guides) and real articles for the seven slugs, prerendered like the other guides.

export function BlogPage() {
  return (
    <MarketingLayout>
      <MarketingPlaceholder>
        <ComingSoon
          title="Guides for streamers"
          description="Practical guides on UPI tipping, fan engagement and earning from your streams in India."
        />
      </MarketingPlaceholder>
    </MarketingLayout>
  );
}

export function BlogArticlePage({ slug }: { slug: string }) {
  return (
    <MarketingLayout>
      <MarketingPlaceholder>
        <ComingSoon
          title={`Guide “${slug}”`}
          description="This guide is being written. Check back soon."
        />
      </MarketingPlaceholder>
    </MarketingLayout>
  );
}
