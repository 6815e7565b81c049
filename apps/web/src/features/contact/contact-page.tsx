import { ComingSoon } from '../../components/coming-soon';
import { MarketingLayout, MarketingPlaceholder } from '../marketing/components/marketing-layout';

// TODO(contact issue): the contact page of spec 01 §2 — email, phone and live chat cards and the
// message form posting to POST /api/site/contact.
export function ContactPage() {
  return (
    <MarketingLayout>
      <MarketingPlaceholder>
        <ComingSoon
          title="Contact us"
          description="Email, phone and a message form to reach the Shabaash team."
        />
      </MarketingPlaceholder>
    </MarketingLayout>
  );
}
