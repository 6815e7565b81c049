import { FeatureShowcasePage } from '../features/marketing/feature-showcase-page';
import { publicPageMetaOf } from '../features/marketing/seo';

export const meta = publicPageMetaOf('featureShowcase', '/feature-showcase');

export default FeatureShowcasePage;
