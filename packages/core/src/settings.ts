import { DEFAULT_ALERT_DESIGN, bundledImagePath, type AlertDesign } from './alert-design.ts';
import { ALERT_TIMING } from './alert-timing.ts';
import type { AuthUser } from './auth.ts';
import {
  DONATION_LIMITS,
  DONATION_TYPES,
  belowMinimumMessage,
  type DonationType,
} from './donations.ts';
import type { Language } from './languages.ts';
import { formatRupees } from './money.ts';
import type {
  AlertSettings,
  AlertVariation,
  HyperemoteTiers,
  SocialLink,
} from './settings.schema.ts';

/**
 * Creator self-service settings and the admin console (issue 10): the limits and words the
 * settings forms, the API and the tests share, and the pure rules the donation page and the
 * overlay apply (alert variations, templates, hyperemote tiers). The schemas are in
 * settings.schema.ts, so a page that needs only these rules does not download zod.
 */

export const STREAMER_THEMES = ['cover', 'blue', 'green', 'purple', 'orange', 'pink'] as const;
export type StreamerTheme = (typeof STREAMER_THEMES)[number];
export const FORM_VARIANTS = ['full', 'simple'] as const;
export const MODERATION_MODES = ['auto', 'review'] as const;
export const SOCIAL_PLATFORMS = [
  'youtube',
  'instagram',
  'x',
  'twitch',
  'discord',
  'facebook',
  'website',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const SETTINGS_LIMITS = {
  displayNameMaxChars: 80,
  welcomeTextMaxChars: 500,
  /** A dialog title: one short line. */
  mobileDialogTitleMaxChars: 60,
  /** Becomes the hyperemote tip's message, so it stays well inside a message's 500. */
  hyperemoteMessageMaxChars: 200,
  socialLinksMax: 8,
  urlMaxChars: 300,
  presetAmountsMax: 6,
  blockedWordsMax: 500,
  blockedWordMaxChars: 50,
  templateMaxChars: 200,
  alertVariationsMax: 30,
  alertDurationMinMs: 2_000,
  alertDurationMaxMs: 60_000,
  /** The streamer's cap on how long a text alert stays (issue 24). */
  textAlertMaxMinMs: 5_000,
  textAlertMaxMaxMs: 60_000,
  /** Avatars, covers and alert images, before resizing. */
  imageMaxBytes: 2 * 1024 * 1024,
  /** Uploaded alert sounds (mp3 or ogg). */
  soundMaxBytes: 1024 * 1024,
  /** ₹1 and ₹1,00,000: the donation form's own bounds. */
  minAmountPaise: DONATION_LIMITS.minAmountPaise,
  maxAmountPaise: DONATION_LIMITS.maxAmountPaise,
} as const;

/** The words of the settings tab, the admin console and their API answers. */
export const SETTINGS_MESSAGES = {
  nameRequired: 'Please enter a display name.',
  nameTooLong: 'Display name must be at most 80 characters.',
  themeInvalid: 'Please choose one of the themes.',
  formVariantInvalid: 'Please choose the full or the simple form.',
  welcomeTooLong: 'Welcome text must be at most 500 characters.',
  mobileDialogTitleTooLong: 'The mobile-number dialog title must be at most 60 characters.',
  languageInvalid: 'Choose English or Hindi.',
  hyperemoteMessageTooLong: 'The hyperemote celebration text must be at most 200 characters.',
  linkNotHttps: 'Links must be https:// addresses, such as https://youtube.com/@you.',
  linkTooLong: 'Links must be at most 300 characters.',
  platformInvalid: 'Please choose a platform for each link.',
  tooManyLinks: 'Add at most 8 social links.',
  amountInvalid: 'Please enter a whole amount in rupees and paise.',
  minAmountTooLow: 'Minimum amount must be at least ₹1.',
  minAmountTooHigh: 'Minimum amount must be at most ₹1,00,000.',
  hyperemotePriceTooLow: 'Hyperemote price must be at least ₹1.',
  hyperemotePriceTooHigh: 'Hyperemote price must be at most ₹1,00,000.',
  hyperemoteBelowMinimum: 'Hyperemote price must be at least the minimum amount.',
  tiersNotAscending: 'Hyperemote tiers must go up: basic below epic below legendary.',
  tierOutOfRange: 'Tier amounts must be between ₹1 and ₹1,00,000.',
  presetsRequired: 'Add at least one preset amount.',
  tooManyPresets: 'Add at most 6 preset amounts.',
  presetOutOfRange: 'Preset amounts must be between the minimum amount and ₹1,00,000.',
  presetDuplicate: 'Each preset amount may appear only once.',
  templateRequired: 'Please enter the alert text.',
  templateTooLong: 'Alert text must be at most 200 characters.',
  templateHtml: 'Alert text cannot contain HTML. Use plain text with {name} and {amount}.',
  templatePlaceholder: (placeholder: string) =>
    `Unknown placeholder ${placeholder}. Use {name} or {amount}.`,
  durationOutOfRange: 'Alert duration must be between 2 and 60 seconds.',
  textAlertMaxOutOfRange: 'The longest a text alert stays must be between 5 and 60 seconds.',
  tierAmountInvalid: 'Alert amounts must be between ₹0 and ₹1,00,000.',
  variationDuplicate: 'Two alert variations for the same donation type start at the same amount.',
  tooManyVariations: 'Add at most 30 alert variations.',
  soundUnknown: 'Please choose one of the bundled sounds.',
  mediaUnknown: 'This sound or image was not uploaded for this streamer.',
  blockedWordTooLong: 'Blocked words must be at most 50 characters each.',
  tooManyBlockedWords: 'Add at most 500 blocked words.',
  nothingToChange: 'Nothing to change.',
  imageTooLarge: 'Images must be 2 MB or smaller.',
  imageNotImage: 'This file is not a PNG, JPEG, WebP or GIF image.',
  soundTooLarge: 'Sounds must be 1 MB or smaller.',
  soundNotAudio: 'This file is not an MP3 or Ogg sound.',
  missingFile: 'Please choose a file to upload.',
  videoUrlNotHttps: 'The video URL must be an https:// address.',
  defaultStreamerUnknown:
    'No streamer has this slug. Enter the slug of an existing streamer, or leave it empty.',
  supportPhoneInvalid:
    'Enter the support phone number with digits, spaces, + or - only (at most 20 characters).',
  supportHoursTooLong: 'Keep the support hours to one line of at most 60 characters.',
  inviteInvalid: 'This invite link is invalid, has expired or has already been used.',
  inviteWrongAccount:
    'This invite is for another e-mail address. Log out, then open the link again.',
  inviteAccountExists:
    'An account with this email already exists. Please log in, then open the link again.',
  belowMinimum: belowMinimumMessage,
} as const;

/** An absolute https URL with a host name and no credentials. */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.hostname.includes('.') &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

// ── page texts ─────────────────────────────────────────────────────────────────────────────

/**
 * Spec 02 §2: the mobile-number dialog's title on every page that sets none (one seeded page
 * sets "Enter Mobile Number"). Choosing Hyperemotes clears the message unless the page sets a
 * celebration text (spec 02 §4), so that text has no default.
 */
export const DEFAULT_MOBILE_DIALOG_TITLE = 'Complete Your Donation';

// ── money ──────────────────────────────────────────────────────────────────────────────────

export const DEFAULT_HYPEREMOTE_TIERS: HyperemoteTiers = {
  basic_from_paise: 5_000,
  epic_from_paise: 10_000,
  legendary_from_paise: 50_000,
};

/** The donation form's one-tap amounts (₹51, ₹101, ₹251, ₹501) until the streamer sets theirs. */
export const DEFAULT_PRESET_AMOUNTS_PAISE: readonly number[] = [5_100, 10_100, 25_100, 50_100];

/** A hyperemote's tier by the streamer's tiers; null below the basic tier. */
export function hyperemoteTierFor(
  tiers: HyperemoteTiers,
  amountPaise: number,
): 'basic' | 'epic' | 'legendary' | null {
  if (amountPaise >= tiers.legendary_from_paise) return 'legendary';
  if (amountPaise >= tiers.epic_from_paise) return 'epic';
  if (amountPaise >= tiers.basic_from_paise) return 'basic';
  return null;
}

// ── alerts ─────────────────────────────────────────────────────────────────────────────────

/** Sounds shipped with Shabaash, served by the server at `bundledSoundPath(id)`. */
export const BUNDLED_SOUNDS = [
  { id: 'chime', name: 'Chime' },
  { id: 'coins', name: 'Coins' },
  { id: 'fanfare', name: 'Fanfare' },
  { id: 'pop', name: 'Pop' },
  // The themes' own sounds (alert-design.ts), each named after its theme.
  { id: 'cricket-sixer', name: 'Cricket sixer' },
  { id: 'diwali-lights', name: 'Diwali lights' },
  { id: 'holi-colours', name: 'Holi colours' },
  { id: 'bollywood-marquee', name: 'Bollywood marquee' },
  { id: 'kite-festival', name: 'Kite festival' },
  { id: 'chai-break', name: 'Chai break' },
  { id: 'neon-arcade', name: 'Neon arcade' },
  { id: 'royal-gold', name: 'Royal gold' },
] as const;
export type BundledSoundId = (typeof BUNDLED_SOUNDS)[number]['id'];

export function bundledSoundPath(id: BundledSoundId): string {
  return `/media/sounds/${id}.wav`;
}

/** Where an uploaded image or sound is served: by its random id, never by a user's file name. */
export function mediaPath(mediaId: string): string {
  return `/media/files/${mediaId}`;
}

/** Where a variation's sound is fetched from; null: it plays none. */
export function alertSoundUrlOf(variation: Pick<AlertVariation, 'sound'>): string | null {
  const { sound } = variation;
  if (sound.kind === 'bundled') return bundledSoundPath(sound.id);
  if (sound.kind === 'upload') return mediaPath(sound.media_id);
  return null;
}

/** Where a variation's image is fetched from: its upload, else its theme's image, else none. */
export function alertImageUrlOf(
  variation: Pick<AlertVariation, 'image_media_id'> & { design?: AlertDesign | null },
): string | null {
  if (variation.image_media_id) return mediaPath(variation.image_media_id);
  const bundled = variation.design?.bundled_image ?? null;
  return bundled ? bundledImagePath(bundled) : null;
}

export const ALERT_TEMPLATE_PLACEHOLDERS = ['{name}', '{amount}'] as const;
export const DEFAULT_ALERT_TEMPLATE = '{name} tipped {amount}';

/** What plays when the streamer has set nothing: one variation per donation type. */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  text_alert_max_ms: ALERT_TIMING.textAlertMaxMs,
  // Marked pure so the pages that never read it (the donation page) leave it out.
  variations: /* @__PURE__ */ DONATION_TYPES.map((type) => ({
    id: `default-${type}`,
    donation_type: type,
    min_amount_paise: 0,
    duration_ms: null,
    sound: { kind: 'bundled', id: 'chime' },
    image_media_id: null,
    template: DEFAULT_ALERT_TEMPLATE,
    sound_min_amount_paise: 0,
    design: DEFAULT_ALERT_DESIGN,
  })),
};

/**
 * The variation that plays for a tip: of the streamer's variations for its type, the one with
 * the highest starting amount at or below the tip; the built-in default when none fits.
 */
export function resolveAlertVariation<
  Variation extends { donation_type: DonationType; min_amount_paise: number },
>(
  variations: readonly Variation[],
  donation: { type: DonationType; amount_paise: number },
): Variation | null {
  let best: Variation | null = null;
  for (const variation of variations) {
    if (variation.donation_type !== donation.type) continue;
    if (variation.min_amount_paise > donation.amount_paise) continue;
    if (!best || variation.min_amount_paise > best.min_amount_paise) best = variation;
  }
  return best;
}

export type AlertTextPart = { kind: 'text' | 'name' | 'amount'; text: string };

/**
 * A template filled in as parts, never as markup: the overlay renders each part as text (and
 * may colour the name and the amount), so a donor's name can never become HTML.
 */
export function renderAlertTemplate(
  template: string,
  values: { name: string; amount_paise: number },
): AlertTextPart[] {
  const parts: AlertTextPart[] = [];
  for (const piece of template.split(/(\{name\}|\{amount\})/)) {
    if (piece === '') continue;
    if (piece === '{name}') parts.push({ kind: 'name', text: values.name });
    else if (piece === '{amount}')
      parts.push({ kind: 'amount', text: formatRupees(values.amount_paise) });
    else parts.push({ kind: 'text', text: piece });
  }
  return parts;
}

/** The template filled in as one plain string (previews, Telegram, tests). */
export function alertTemplateText(
  template: string,
  values: { name: string; amount_paise: number },
): string {
  return renderAlertTemplate(template, values)
    .map((part) => part.text)
    .join('');
}

export type MediaKind = 'avatar' | 'cover' | 'alert_image' | 'alert_sound';
export const IMAGE_SLOTS = ['avatar', 'cover'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
export const ALERT_MEDIA_KINDS = ['alert_image', 'alert_sound'] as const;
export type AlertMediaKind = (typeof ALERT_MEDIA_KINDS)[number];

/**
 * The donation page's live stream (`GET /api/streamers/:slug/profile-events`): `ready` once
 * connected (and after every reconnect); `streamer` with the whole public profile after a
 * settings change; `donations`, with no data, when a tip joins the public lists (Recent
 * Support, leaderboards, goal), which the page then reads again.
 */
export const PROFILE_EVENTS = {
  ready: 'ready',
  streamer: 'streamer',
  donations: 'donations',
} as const;

/** The settings the public donation page adds to the streamer's profile. */
export type PublicStreamerSettings = {
  avatar_url: string | null;
  /** The page's language until the fan picks another (issue 21). */
  language: Language;
  welcome_text: string;
  social_links: SocialLink[];
  /** The streamer's title, or DEFAULT_MOBILE_DIALOG_TITLE. */
  mobile_dialog_title: string;
  /** What choosing Hyperemotes puts in the message; null clears it. */
  hyperemote_message: string | null;
  min_amount_paise: number;
  preset_amounts_paise: number[];
  hyperemote_tiers: HyperemoteTiers;
};

/** `POST /api/invites/:code/accept`: a new account gets a session; a signed-in one keeps its own. */
export type InviteAcceptResponse = {
  user: AuthUser;
  session: { access_token: string } | null;
  streamer_slug: string;
};

/** `GET /api/invites/:code`: what the sign-up page shows before the account is made. */
export type InviteDetails = {
  email: string;
  streamer: { slug: string; name: string };
  expires_at: string;
  /** Whether an account already uses the e-mail (then the invitee logs in instead). */
  has_account: boolean;
};
