import type { ConsentState } from '@shabaash/core';

import { localized } from '../../i18n/i18n';

/** The receipt page's consent panel (issue 29). */
export const RECEIPT_CONSENT_TEXT = localized('receiptConsent', {
  heading: 'Your data on stream',
  stream: {
    given:
      'Your name, message and voice are shown and played on the stream. You can stop that now.',
    withdrawn:
      'Consent withdrawn: your name, message and voice are no longer shown or played anywhere. Your payment record stays, as the law on accounts requires.',
    not_given: 'Nothing of you is shown on the stream for this tip.',
  } satisfies Record<ConsentState, string>,
  withdrawStream: 'Withdraw consent to show my name, message and voice',
  marketing: {
    given: 'You chose to receive news and offers.',
    withdrawn: 'You will not receive news and offers.',
    not_given: '',
  } satisfies Record<ConsentState, string>,
  withdrawMarketing: 'Stop news and offers',
  failed: 'That did not go through. Please try again.',
  rightsLink: 'See, download or erase your data',
} as const);
