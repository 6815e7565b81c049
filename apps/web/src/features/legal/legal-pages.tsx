import { ComingSoon } from '../../components/coming-soon';
import { MarketingLayout, MarketingPlaceholder } from '../marketing/components/marketing-layout';

// TODO(legal pages issue): the full texts of spec 01 §2 and §9 — privacy policy and terms (last
// updated 07-05-2025), no-cancellation/no-refund policy (last updated 12-05-2025) and the
// support page stating there is no shipping because the services are digital and instant.

export function PrivacyPolicyPage() {
  return (
    <MarketingLayout>
      <MarketingPlaceholder>
        <ComingSoon
          title="Privacy policy and terms"
          description="How Shabaash handles your data, and the terms of using the service."
        />
      </MarketingPlaceholder>
    </MarketingLayout>
  );
}

export function CancellationRefundsPage() {
  return (
    <MarketingLayout>
      <MarketingPlaceholder>
        <ComingSoon
          title="Cancellation and refunds"
          description="Our cancellation and refund policy for tips and page plans."
        />
      </MarketingPlaceholder>
    </MarketingLayout>
  );
}

export function ShippingPage() {
  return (
    <MarketingLayout>
      <MarketingPlaceholder>
        <ComingSoon
          title="Support"
          description="Shabaash services are digital and delivered instantly, so there is nothing to ship."
        />
      </MarketingPlaceholder>
    </MarketingLayout>
  );
}
