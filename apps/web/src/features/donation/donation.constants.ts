import {
  CONSENT_TEXT,
  DONATION_LIMITS,
  DEFAULT_MOBILE_DIALOG_TITLE,
  DONATION_MESSAGES,
  PLAN_MESSAGES,
  type DonationType,
  type SocialPlatform,
  type ToastText,
} from '@shabaash/core';

import { formatAmount } from '../../i18n/format';
import { localized, t } from '../../i18n/i18n';

/**
 * Every word the donation page shows that is not already a shared message in @shabaash/core
 * (DONATION_MESSAGES holds the spec's validation and error toasts).
 */
export const DONATION_TEXT = localized('donation', {
  heroEyebrow: 'Support',
  heroTagline: 'Tip by UPI. Your message shows up live on stream.',
  socialLinksLabel: 'Social links',
  formTitle: 'Send a tip',

  nameLabel: 'Your Name',
  namePlaceholder: 'Enter your name',
  anonymousLabel: 'Tip anonymously',
  anonymousHint: "Your name shows as 'Anonymous' on stream, on this page and on the leaderboards.",
  typeLegend: 'Donation Type',
  amountLabel: 'Amount (₹)',
  amountPlaceholder: 'Enter amount',
  amountHint: (minAmountPaise: number) => {
    const values = {
      min: formatAmount(minAmountPaise),
      max: formatAmount(DONATION_LIMITS.maxAmountPaise),
    };
    return t('donation.amountHintFn', values, `From ${values.min} to ${values.max}.`);
  },
  quickAmountsLabel: 'Quick amounts',
  hyperemoteLockedHint: 'Hyperemotes have a fixed price.',
  messageLabel: 'Message',
  optionalMessageLabel: 'Message (optional)',
  messagePlaceholder:
    'Write something nice… You can add [emotion] tags such as [excited] for expressive text-to-speech.',
  /** When this tip will not be read aloud (speech off, below its minimum, not a text tip). */
  messagePlaceholderPlain: 'Write something nice…',
  emojiRowLabel: 'Insert an emoji',
  charactersLeft: (remaining: number) =>
    t(
      'donation.charactersLeftFn',
      { remaining },
      remaining === 1 ? '1 character left' : `${remaining} characters left`,
    ),
  emotePickerLegend: 'Choose a hyperemote',
  optionalVoiceLabel: 'Voice message (optional)',
  recorderLoading: 'Loading the recorder…',

  donate: 'Donate',
  processing: 'Processing…',
  loadingPayment: 'Loading payment system…',
  uploadingVoice: 'Uploading voice message…',
  refreshPage: 'Refresh Page',
  securedBy: 'Payments by UPI · Powered by Shabaash',

  hyperemoteBadge: 'Hyperemote Activated! Special effects included',
  recentSupportTitle: 'Recent Support',
  recentSupportEmpty: 'No support yet. Be the first to cheer them on!',

  mobileDialogDescription:
    'Enter your mobile number for the UPI payment. It is never shown on stream.',
  mobileLabel: 'Mobile Number',
  mobileRemembered: 'Remembered on this device from your last tip.',
  notYou: 'Not you? Forget my details',
  mobilePlaceholder: '10-digit mobile number',
  cancel: 'Cancel',
  continueToPayment: 'Continue to Payment',

  loading: 'Loading…',
  inactiveTitle: 'Tips are paused',
  /** A page in preview: its owner has not bought the Base Plan (or Bundle) yet (issue 22). */
  previewTitle: 'Coming soon',
  loadErrorTitle: 'This page could not be loaded',
  loadErrorText: 'Please check your connection and try again.',
  tryAgain: 'Try again',
  errorToastTitle: 'Error',
  languageSwitchLabel: 'Language',
  /** PLAN_MESSAGES.previewNotAccepting in the page's language. */
  previewNotAccepting: (name: string) =>
    t('donation.previewNotAcceptingFn', { name }, PLAN_MESSAGES.previewNotAccepting(name)),
} as const);

export const DONATION_TYPE_LABELS: Record<DonationType, string> = localized('donation.types', {
  text: 'Text Message',
  voice: 'Voice Message',
  hyperemote: 'Hyperemotes',
  media: 'GIF / Video',
});

/** A text tip's promise follows the streamer's speech settings (issue 23). */
export const TEXT_TIP_HINTS = localized('donation.textTip', {
  readAloud: 'Read out on stream',
  readAloudFrom: (minAmountPaise: number) => {
    const min = formatAmount(minAmountPaise);
    return t('donation.textTip.readAloudFromFn', { min }, `Read aloud from ${min}`);
  },
  shownOnly: 'Shown on stream',
} as const);

export const DONATION_TYPE_HINTS: Record<DonationType, string> = localized('donation.typeHints', {
  text: 'Read out on stream',
  voice: 'Up to 60 s',
  hyperemote: 'Emoji rain',
  media: 'Shown on stream',
});

export const HYPEREMOTE_TIER_LABELS = localized('donation.tiers', {
  basic: 'Basic tier',
  epic: 'Epic tier',
  legendary: 'Legendary tier',
} as const);

/** The social links under the streamer's name, as text (no brand icons to load). */
export const SOCIAL_LINK_LABELS: Record<SocialPlatform, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  x: 'X',
  twitch: 'Twitch',
  discord: 'Discord',
  facebook: 'Facebook',
  website: 'Website',
};

/** Spec 02 §9: the checkout opens 100 ms after the order is created. */
export const CHECKOUT_OPEN_DELAY_MS = 100;

/** Spec 02 §2: a picked hyperemote is highlighted for 3000 ms. */
export const HYPEREMOTE_HIGHLIGHT_MS = 3_000;

/** The simple form: a recording must be finished before the order can refer to it. */
export const RECORDING_IN_PROGRESS: ToastText = localized('donation.recordingInProgress', {
  title: 'Recording in Progress',
  description: 'Please stop the recording before you donate.',
});

/**
 * The spec's validation and error toasts (DONATION_MESSAGES, which the server shares) in the
 * page's language.
 */
export const DONATION_TOASTS = localized('donation.messages', DONATION_MESSAGES);

/** The checkout dialog's consent errors (the consent boxes themselves are in both languages). */
export const CONSENT_ERRORS = localized('consent', {
  ageRequired: CONSENT_TEXT.ageRequired,
  streamConsentRequired: CONSENT_TEXT.streamConsentRequired,
});

/**
 * The mobile-number dialog's title in the page's language: a streamer who kept the built-in
 * title gets it translated; their own words stay as written.
 */
export function dialogTitleIn(title: string): string {
  if (title !== DEFAULT_MOBILE_DIALOG_TITLE) return title;
  return t('donation.defaultDialogTitle', undefined, DEFAULT_MOBILE_DIALOG_TITLE);
}
