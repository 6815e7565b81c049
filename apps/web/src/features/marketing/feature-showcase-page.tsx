import { ComingSoon } from '../../components/coming-soon';
import { MarketingLayout, MarketingPlaceholder } from './components/marketing-layout';

// TODO(marketing-site issue): the feature showcase of spec 01 §2 — live demo, tabbed demo
// sections (payment, streaming, interactive, technical, admin), API reference, ticking counters.
export function FeatureShowcasePage() {
  return (
    <MarketingLayout>
      <MarketingPlaceholder>
        <ComingSoon
          title="Feature showcase"
          description="A hands-on tour of UPI payments, live overlays, voice messages, hyperemotes and the creator dashboard."
        />
      </MarketingPlaceholder>
    </MarketingLayout>
  );
}
