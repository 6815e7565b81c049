import { ShippingPage } from '../features/legal/shipping-page';
import { publicPageMetaOf } from '../features/marketing/seo';

export const meta = publicPageMetaOf('shipping', '/shipping');

export default ShippingPage;
