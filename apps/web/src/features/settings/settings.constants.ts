import type { BundledSoundId, DonationType, SocialPlatform, StreamerTheme } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/**
 * The settings tab's words (issue 10), in the dashboard's language (issue 21: the `dashboard`
 * catalogs); the API's validation messages come from @shabaash/core.
 */
export const SETTINGS_TEXT = /* @__PURE__ */ localized('settings', {
  title: 'Settings',
  description:
    'Your page, money, alerts and moderation. Changes reach open overlays and tip pages at once.',
  sectionsLabel: 'Settings sections',
  loading: 'Loading settings…',
  loadError: 'Could not load your settings.',
  retry: 'Try again',
  save: 'Save changes',
  saving: 'Saving…',
  saved: 'Settings saved',
  saveFailed: 'Could not save',
  unsaved: 'You have unsaved changes.',
  reset: 'Discard changes',

  pageTab: 'Page',
  moneyTab: 'Money',
  alertsTab: 'Alerts',
  moderationTab: 'Moderation',

  nameLabel: 'Display name',
  brandColorLabel: 'Brand colour',
  brandColorHint: 'A hex colour such as #2563eb: buttons and accents on your tip page.',
  themeLabel: 'Page theme',
  themeHint: 'Cover shows your cover image behind your name.',
  formVariantLabel: 'Donation form',
  formVariantFull: 'Full form (text, voice and hyperemotes)',
  formVariantSimple: 'Simple form with Recent Support',
  languageLabel: 'Language of your page and overlay (fans can switch the page)',
  welcomeLabel: 'Welcome text',
  welcomeHint: 'Shown to fans on your tip page, as plain text.',
  socialLabel: 'Social links',
  socialHint: 'https:// links only.',
  addLink: 'Add link',
  removeLink: 'Remove link',
  linkUrlLabel: 'Link URL',
  platformLabel: 'Platform',
  mobileDialogTitleLabel: 'Mobile-number dialog title',
  mobileDialogTitleHint:
    'The title fans see when asked for their mobile number. Empty: the default.',
  hyperemoteMessageLabel: 'Hyperemote celebration text',
  hyperemoteMessageHint:
    'On the full form, choosing Hyperemotes fills the message with this text (fans may edit it). Empty: the message is cleared.',
  emotePickerLabel: 'Show the emote picker on the tip page',
  leaderboardLabel: 'Show the top supporters on the tip page',
  avatarLabel: 'Avatar',
  avatarHint: 'PNG, JPEG, WebP or GIF up to 2 MB; cropped to a square.',
  coverLabel: 'Cover image',
  coverHint: 'PNG, JPEG, WebP or GIF up to 2 MB; shown with the Cover theme.',
  upload: 'Upload',
  uploading: 'Uploading…',
  replace: 'Replace',
  remove: 'Remove',
  noImage: 'None yet',
  imageUpdated: 'Image updated',
  imageRemoved: 'Image removed',

  minAmountLabel: 'Minimum tip (₹)',
  minAmountHint: 'At least ₹1. Fans cannot tip less.',
  hyperemotePriceLabel: 'Hyperemote price (₹)',
  tiersLabel: 'Hyperemote tiers start at (₹)',
  tierBasic: 'Basic',
  tierEpic: 'Epic',
  tierLegendary: 'Legendary',
  presetsLabel: 'Preset amount buttons (₹)',
  presetsHint: 'Up to 6 amounts, separated by commas, e.g. 51, 101, 251, 501.',
  rupeesInvalid: 'Please enter amounts in rupees, such as 51 or 99.50.',

  variationsTitle: 'Alert variations',
  textAlertMaxLabel: 'Longest text alert (seconds)',
  textAlertMaxHint:
    'A long message leaves the stream after this long (5–60 s); it is typed faster to fit.',
  variationsHint:
    'Each donation type plays the variation with the highest starting amount at or below the tip.',
  addVariation: 'Add variation',
  removeVariation: 'Remove',
  donationTypeLabel: 'Donation type',
  fromAmountLabel: 'From amount (₹)',
  durationLabel: 'Duration (seconds)',
  durationHint: 'Leave empty for the standard timing.',
  soundLabel: 'Sound',
  soundNone: 'No sound',
  uploadSound: 'Upload MP3 or Ogg (≤ 1 MB)',
  soundMinLabel: 'Play sound or voice from (₹)',
  imageLabel: 'Image or GIF',
  imageNone: 'No image',
  uploadImage: 'Upload image (≤ 2 MB)',
  templateLabel: 'Alert text',
  /** A function: `{name}` and `{amount}` are placeholders of its message, filled with themselves. */
  templateHint: () =>
    t(
      'settings.templateHintFn',
      { name: '{name}', amount: '{amount}' },
      'Plain text. Use {name} and {amount}.',
    ),
  previewTitle: 'Live preview',
  previewName: 'Asha',
  standardTiming: 'Standard timing',
  sendTestAlert: 'Send test alert',
  sendingTestAlert: 'Sending…',
  mediaUploaded: 'File uploaded',

  moderationModeLabel: 'New tips',
  moderationAuto: 'Auto-approve (blocked words still go to review)',
  moderationReview: 'Hold every tip for review',
  blockedWordsLabel: 'Blocked words',
  blockedWordsHint: 'One per line. A message with one of them always waits for review.',
  useStarterWords: 'Use the starter list',
  usingStarterWords: 'Using the starter list.',
  hideAmountsLabel: 'Hide amounts from moderators',
  hideAmountsHint: 'Moderators (not the streamer’s admins) review messages without seeing amounts.',
} as const);

export const THEME_LABELS: Record<StreamerTheme, string> = /* @__PURE__ */ localized(
  'settings.themes',
  {
    cover: 'Cover image',
    blue: 'Blue',
    green: 'Green',
    purple: 'Purple',
    orange: 'Orange',
    pink: 'Pink',
  },
);

export const PLATFORM_LABELS: Record<SocialPlatform, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  x: 'X',
  twitch: 'Twitch',
  discord: 'Discord',
  facebook: 'Facebook',
  website: 'Website',
};

export const DONATION_TYPE_LABELS: Record<DonationType, string> = /* @__PURE__ */ localized(
  'settings.donationTypes',
  {
    text: 'Text',
    voice: 'Voice',
    hyperemote: 'Hyperemote',
    media: 'GIF / Video',
  },
);

export const SOUND_LABELS: Record<BundledSoundId, string> = /* @__PURE__ */ localized(
  'settings.sounds',
  {
    chime: 'Chime',
    coins: 'Coins',
    fanfare: 'Fanfare',
    pop: 'Pop',
    'cricket-sixer': 'Cricket sixer',
    'diwali-lights': 'Diwali lights',
    'holi-colours': 'Holi colours',
    'bollywood-marquee': 'Bollywood marquee',
    'kite-festival': 'Kite festival',
    'chai-break': 'Chai break',
    'neon-arcade': 'Neon arcade',
    'royal-gold': 'Royal gold',
  },
);
