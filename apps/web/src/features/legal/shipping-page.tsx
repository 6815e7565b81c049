import * as content from '../../../content/legal/shipping.md';
import { PolicyPage } from './policy-page';

/** The support page at /shipping: nothing ships, because the services are digital and instant. */
export function ShippingPage() {
  return <PolicyPage content={content} />;
}
