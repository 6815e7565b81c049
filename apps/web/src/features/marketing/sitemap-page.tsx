import { ComingSoon } from '../../components/coming-soon';
import { MarketingLayout, MarketingPlaceholder } from './components/marketing-layout';

// TODO(marketing-site issue): the human site map of spec 01 §2 — cards for main pages, blog
// articles and legal pages, and a Return to Home button.
export function SitemapPage() {
  return (
    <MarketingLayout>
      <MarketingPlaceholder>
        <ComingSoon
          title="Site map"
          description="Every page of Shabaash in one place: main pages, guides and legal pages."
        />
      </MarketingPlaceholder>
    </MarketingLayout>
  );
}
