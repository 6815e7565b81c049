import * as content from '../../../content/legal/cancellation-refunds.md';
import { PolicyPage } from './policy-page';

/** The no-cancellation, no-refund policy (spec 01 §2, §9), last updated 12-05-2025. */
export function CancellationRefundsPage() {
  return <PolicyPage content={content} />;
}
