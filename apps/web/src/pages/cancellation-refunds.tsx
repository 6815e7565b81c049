import { CancellationRefundsPage } from '../features/legal/cancellation-refunds-page';
import { publicPageMetaOf } from '../features/marketing/seo';

export const meta = publicPageMetaOf('cancellationRefunds', '/cancellation-refunds');

export default CancellationRefundsPage;
