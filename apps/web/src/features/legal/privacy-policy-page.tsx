import * as content from '../../../content/legal/privacy-policy.md';
import { GrievanceOfficer } from '../privacy/grievance-officer';
import { PolicyPage } from './policy-page';

/** Privacy policy and terms and conditions (spec 01 §2), last updated 07-05-2025. */
export function PrivacyPolicyPage() {
  return (
    <PolicyPage content={content}>
      <GrievanceOfficer />
    </PolicyPage>
  );
}
