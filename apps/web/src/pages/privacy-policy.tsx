import { PrivacyPolicyPage } from '../features/legal/privacy-policy-page';
import { publicPageMetaOf } from '../features/marketing/seo';

export const meta = publicPageMetaOf('privacyPolicy', '/privacy-policy');

export default PrivacyPolicyPage;
