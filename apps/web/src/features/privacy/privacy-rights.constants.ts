import { SHARED_WITH, type SharedWithKind } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** Whom a fan's data went to, by kind, in core's words (SHARED_WITH). */
function sharedWithWords() {
  const words = {} as Record<SharedWithKind, { recipient: string; what: string }>;
  for (const { kind, recipient, what } of SHARED_WITH) words[kind] = { recipient, what };
  return words;
}

/**
 * The rights page's words (issue 29); plain language, as the DPDP Rules ask. In the reader's
 * language (the `account` catalogs), as is the account page's "Your data".
 */
export const MY_DATA_TEXT = /* @__PURE__ */ localized('myData', {
  title: 'Your data',
  description:
    'See what we hold about you, download it, correct your name, or erase it. First prove it is you.',
  phoneTitle: 'With your phone number',
  phoneHint: 'The mobile number you tipped with. We send it a 6-digit code by SMS.',
  phoneLabel: 'Mobile number',
  sendCode: 'Send code',
  sending: 'Sending…',
  codeSent: 'If this number tipped here, a code is on its way. It works for 10 minutes.',
  codeLabel: 'Code from the SMS',
  verify: 'Verify',
  verifying: 'Checking…',
  receiptTitle: 'Or with your receipt link',
  receiptHint: 'Paste the link of your payment receipt (it has order_id in it).',
  receiptLabel: 'Receipt link or order id',
  openReceipt: 'Open',
  receiptInvalid: 'Paste the whole receipt link, or the order id in it.',
  provenByPhone: (masked: string) => t('myData.provenByPhoneFn', { masked }, `Verified: ${masked}`),
  provenByCode: 'Verified with a code sent by SMS.',
  provenByReceipt: 'Verified with your receipt link (this tip only).',
  tipsTitle: 'What we hold',
  noTips: 'We hold no tips for you.',
  anonymous: 'Anonymous',
  voiceKept: 'Voice message kept',
  mediaKept: 'Media kept',
  phoneKept: 'Phone number kept (encrypted)',
  phoneNotKept: 'Phone number no longer kept',
  erased: 'Erased',
  sharedTitle: 'Whom it was shared with',
  shared: sharedWithWords(),
  download: 'Download my data (JSON)',
  downloading: 'Preparing…',
  nameTitle: 'Correct your name',
  nameLabel: 'Your name',
  saveName: 'Save name',
  nameSaved: (tips: number) =>
    t('myData.nameSavedFn', { tips }, `Name corrected on ${tips} tip${tips === 1 ? '' : 's'}.`),
  eraseTitle: 'Erase your data',
  eraseDescription:
    'Removes your name, messages, voice messages, media and phone number from these tips. The payment record (amount, date, order id) stays, as the law on accounts requires.',
  erase: 'Erase my data',
  eraseConfirm: 'Yes, erase it',
  eraseCancel: 'Cancel',
  erasedDone: (tips: number) =>
    t('myData.erasedDoneFn', { tips }, `Erased from ${tips} tip${tips === 1 ? '' : 's'}.`),
  answerTime: (days: number) =>
    t(
      'myData.answerTimeFn',
      { days },
      `These requests are answered at once. Anything else: write to our grievance officer (see the Privacy Policy); we answer within ${days} days.`,
    ),
  startOver: 'Check another number',
  policyLink: 'Privacy Policy',
} as const);

export const ACCOUNT_DATA_TEXT = /* @__PURE__ */ localized('accountData', {
  title: 'Your data',
  description:
    'Download what we hold about your account, or ask us to erase it. Money records stay as the law on accounts requires.',
  download: 'Download my data (JSON)',
  downloading: 'Preparing…',
  erase: 'Request account erasure',
  eraseConfirm: 'Yes, request erasure',
  eraseCancel: 'Cancel',
  eraseWarning:
    'We will settle anything owed to you, then erase your account, your pages and their settings. This cannot be undone.',
  requested: (due: string) =>
    t('accountData.requestedFn', { due }, `Erasure requested. We will finish it by ${due}.`),
} as const);

/** The grievance officer under the privacy policy, in the public page's language (`marketing`). */
export const GRIEVANCE_TEXT = /* @__PURE__ */ localized('marketing.grievance', {
  title: 'Grievance officer',
  intro: (days: number) =>
    t(
      'marketing.grievance.introFn',
      { days },
      `For any question or complaint about your personal data, write to our grievance officer. We answer within ${days} days.`,
    ),
  notSet: 'The operator of this site has not named a grievance officer yet; use the contact page.',
  rightsLink: 'See, download, correct or erase your data',
  board:
    'If you are not satisfied with our answer, you may complain to the Data Protection Board of India.',
} as const);
