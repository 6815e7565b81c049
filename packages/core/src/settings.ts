import { z } from 'zod';
import { brandColorSchema, registerRequestSchema, slugSchema, type AuthUser } from './auth.ts';
import { DONATION_LIMITS, DONATION_TYPES, type DonationType } from './donations.ts';
import { formatRupees } from './money.ts';

/**
 * Creator self-service settings and the admin console (issue 10): the schemas the settings
 * forms, the API and the tests share, the words they show, and the pure rules the donation
 * page and the overlay apply (alert variations, templates, hyperemote tiers).
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
  socialLinksMax: 8,
  urlMaxChars: 300,
  presetAmountsMax: 6,
  blockedWordsMax: 500,
  blockedWordMaxChars: 50,
  templateMaxChars: 200,
  alertVariationsMax: 30,
  alertDurationMinMs: 2_000,
  alertDurationMaxMs: 60_000,
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
  inviteInvalid: 'This invite link is invalid, has expired or has already been used.',
  inviteWrongAccount:
    'This invite is for another e-mail address. Log out, then open the link again.',
  inviteAccountExists:
    'An account with this email already exists. Please log in, then open the link again.',
  belowMinimum: (minimumPaise: number) =>
    `The minimum amount for this streamer is ${formatRupees(minimumPaise)}.`,
} as const;

// ── building blocks ────────────────────────────────────────────────────────────────────────

/** Characters nobody types on purpose: controls and bidi overrides (newlines are kept). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

const countChars = (text: string) => Array.from(text).length;

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

const httpsUrlSchema = (notHttps: string) =>
  z
    .string({ error: notHttps })
    .trim()
    .max(SETTINGS_LIMITS.urlMaxChars, SETTINGS_MESSAGES.linkTooLong)
    .refine(isHttpsUrl, notHttps);

/** Integer paise between ₹1 and ₹1,00,000, with the field's own words at each end. */
const paiseSchema = (tooLow: string, tooHigh: string) =>
  z
    .number({ error: SETTINGS_MESSAGES.amountInvalid })
    .int(SETTINGS_MESSAGES.amountInvalid)
    .min(SETTINGS_LIMITS.minAmountPaise, tooLow)
    .max(SETTINGS_LIMITS.maxAmountPaise, tooHigh);

// ── page ───────────────────────────────────────────────────────────────────────────────────

export const socialLinkSchema = z.strictObject({
  platform: z.enum(SOCIAL_PLATFORMS, { error: SETTINGS_MESSAGES.platformInvalid }),
  url: httpsUrlSchema(SETTINGS_MESSAGES.linkNotHttps),
});
export type SocialLink = z.output<typeof socialLinkSchema>;

export const pageSettingsSchema = z.strictObject({
  name: z
    .string({ error: SETTINGS_MESSAGES.nameRequired })
    .transform(stripInvisible)
    .pipe(
      z
        .string()
        .trim()
        .min(1, SETTINGS_MESSAGES.nameRequired)
        .refine(
          (name) => countChars(name) <= SETTINGS_LIMITS.displayNameMaxChars,
          SETTINGS_MESSAGES.nameTooLong,
        ),
    ),
  brand_color: brandColorSchema,
  theme: z.enum(STREAMER_THEMES, { error: SETTINGS_MESSAGES.themeInvalid }),
  form_variant: z.enum(FORM_VARIANTS, { error: SETTINGS_MESSAGES.formVariantInvalid }),
  welcome_text: z
    .string()
    .transform((text) => stripInvisible(text).trim())
    .refine(
      (text) => countChars(text) <= SETTINGS_LIMITS.welcomeTextMaxChars,
      SETTINGS_MESSAGES.welcomeTooLong,
    ),
  social_links: z.array(socialLinkSchema).max(SETTINGS_LIMITS.socialLinksMax, {
    error: SETTINGS_MESSAGES.tooManyLinks,
  }),
  show_emote_picker: z.boolean(),
  show_leaderboard: z.boolean(),
});
export type PageSettings = z.output<typeof pageSettingsSchema>;

// ── money ──────────────────────────────────────────────────────────────────────────────────

/** Where the hyperemote tiers start (spec 02 §9: ₹50 basic, ₹100 epic, ₹500 legendary). */
export const hyperemoteTiersSchema = z.strictObject({
  basic_from_paise: paiseSchema(SETTINGS_MESSAGES.tierOutOfRange, SETTINGS_MESSAGES.tierOutOfRange),
  epic_from_paise: paiseSchema(SETTINGS_MESSAGES.tierOutOfRange, SETTINGS_MESSAGES.tierOutOfRange),
  legendary_from_paise: paiseSchema(
    SETTINGS_MESSAGES.tierOutOfRange,
    SETTINGS_MESSAGES.tierOutOfRange,
  ),
});
export type HyperemoteTiers = z.output<typeof hyperemoteTiersSchema>;

export const DEFAULT_HYPEREMOTE_TIERS: HyperemoteTiers = {
  basic_from_paise: 5_000,
  epic_from_paise: 10_000,
  legendary_from_paise: 50_000,
};

/** The donation form's one-tap amounts (₹51, ₹101, ₹251, ₹501) until the streamer sets theirs. */
export const DEFAULT_PRESET_AMOUNTS_PAISE: readonly number[] = [5_100, 10_100, 25_100, 50_100];

export const moneySettingsSchema = z.strictObject({
  min_amount_paise: paiseSchema(
    SETTINGS_MESSAGES.minAmountTooLow,
    SETTINGS_MESSAGES.minAmountTooHigh,
  ),
  hyperemote_price_paise: paiseSchema(
    SETTINGS_MESSAGES.hyperemotePriceTooLow,
    SETTINGS_MESSAGES.hyperemotePriceTooHigh,
  ),
  hyperemote_tiers: hyperemoteTiersSchema,
  preset_amounts_paise: z
    .array(
      z.number({ error: SETTINGS_MESSAGES.amountInvalid }).int(SETTINGS_MESSAGES.amountInvalid),
    )
    .min(1, SETTINGS_MESSAGES.presetsRequired)
    .max(SETTINGS_LIMITS.presetAmountsMax, SETTINGS_MESSAGES.tooManyPresets),
});
export type MoneySettings = z.output<typeof moneySettingsSchema>;

/**
 * The rules that join money fields, checked on the whole section after a partial update is
 * merged: presets within [minimum, ₹1,00,000] and distinct, the hyperemote price at or above
 * the minimum, tiers strictly ascending. Presets come back sorted.
 */
export const validMoneySettingsSchema = moneySettingsSchema
  .superRefine((money, context) => {
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    const presets = money.preset_amounts_paise;
    if (
      presets.some(
        (amount) => amount < money.min_amount_paise || amount > SETTINGS_LIMITS.maxAmountPaise,
      )
    ) {
      problem('preset_amounts_paise', SETTINGS_MESSAGES.presetOutOfRange);
    }
    if (new Set(presets).size !== presets.length) {
      problem('preset_amounts_paise', SETTINGS_MESSAGES.presetDuplicate);
    }
    if (money.hyperemote_price_paise < money.min_amount_paise) {
      problem('hyperemote_price_paise', SETTINGS_MESSAGES.hyperemoteBelowMinimum);
    }
    const tiers = money.hyperemote_tiers;
    if (!(
      tiers.basic_from_paise < tiers.epic_from_paise &&
      tiers.epic_from_paise < tiers.legendary_from_paise
    )) {
      problem('hyperemote_tiers', SETTINGS_MESSAGES.tiersNotAscending);
    }
  })
  .transform((money) => ({
    ...money,
    preset_amounts_paise: [...money.preset_amounts_paise].sort((a, b) => a - b),
  }));

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
] as const;
export type BundledSoundId = (typeof BUNDLED_SOUNDS)[number]['id'];
const bundledSoundIds = BUNDLED_SOUNDS.map((sound) => sound.id) as [
  BundledSoundId,
  ...BundledSoundId[],
];

export function bundledSoundPath(id: BundledSoundId): string {
  return `/media/sounds/${id}.wav`;
}

/** Where an uploaded image or sound is served: by its random id, never by a user's file name. */
export function mediaPath(mediaId: string): string {
  return `/media/files/${mediaId}`;
}

export const ALERT_TEMPLATE_PLACEHOLDERS = ['{name}', '{amount}'] as const;
export const DEFAULT_ALERT_TEMPLATE = '{name} tipped {amount}';

/** Anything that looks like the start of an HTML tag, comment or declaration (but not "<3"). */
const HTML_LIKE = /<\s*[a-z!/?]/i;

export const alertTemplateSchema = z
  .string({ error: SETTINGS_MESSAGES.templateRequired })
  .transform((text) => stripInvisible(text).replace(/\s+/g, ' ').trim())
  .superRefine((template, context) => {
    const fail = (message: string) => context.addIssue({ code: 'custom', message });
    if (template === '') return fail(SETTINGS_MESSAGES.templateRequired);
    if (countChars(template) > SETTINGS_LIMITS.templateMaxChars) {
      return fail(SETTINGS_MESSAGES.templateTooLong);
    }
    if (HTML_LIKE.test(template)) return fail(SETTINGS_MESSAGES.templateHtml);
    const unknown = (template.match(/\{[^}]*\}/g) ?? []).find(
      (placeholder) => !(ALERT_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(placeholder),
    );
    if (unknown) fail(SETTINGS_MESSAGES.templatePlaceholder(unknown));
  });

export const alertSoundSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('none') }),
    z.strictObject({
      kind: z.literal('bundled'),
      id: z.enum(bundledSoundIds, { error: SETTINGS_MESSAGES.soundUnknown }),
    }),
    z.strictObject({ kind: z.literal('upload'), media_id: z.uuid(SETTINGS_MESSAGES.mediaUnknown) }),
  ],
  { error: SETTINGS_MESSAGES.soundUnknown },
);
export type AlertSound = z.output<typeof alertSoundSchema>;

const tierPaiseSchema = z
  .number({ error: SETTINGS_MESSAGES.tierAmountInvalid })
  .int(SETTINGS_MESSAGES.tierAmountInvalid)
  .min(0, SETTINGS_MESSAGES.tierAmountInvalid)
  .max(SETTINGS_LIMITS.maxAmountPaise, SETTINGS_MESSAGES.tierAmountInvalid);

/**
 * One alert variation: what plays for a donation type from an amount upwards (the highest
 * `min_amount_paise` at or below the tip wins). `duration_ms` null keeps the spec's timing;
 * the sound (or a voice message) plays only from `sound_min_amount_paise`.
 */
export const alertVariationSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/, 'Alert variation ids are short lower-case words.'),
  donation_type: z.enum(DONATION_TYPES, { error: 'Please choose a donation type.' }),
  min_amount_paise: tierPaiseSchema,
  duration_ms: z
    .number({ error: SETTINGS_MESSAGES.durationOutOfRange })
    .int(SETTINGS_MESSAGES.durationOutOfRange)
    .min(SETTINGS_LIMITS.alertDurationMinMs, SETTINGS_MESSAGES.durationOutOfRange)
    .max(SETTINGS_LIMITS.alertDurationMaxMs, SETTINGS_MESSAGES.durationOutOfRange)
    .nullable(),
  sound: alertSoundSchema,
  image_media_id: z.uuid(SETTINGS_MESSAGES.mediaUnknown).nullable(),
  template: alertTemplateSchema,
  sound_min_amount_paise: tierPaiseSchema,
});
export type AlertVariation = z.output<typeof alertVariationSchema>;

export const alertSettingsSchema = z
  .strictObject({
    variations: z
      .array(alertVariationSchema)
      .max(SETTINGS_LIMITS.alertVariationsMax, SETTINGS_MESSAGES.tooManyVariations),
  })
  .superRefine(({ variations }, context) => {
    const seen = new Set<string>();
    for (const [index, variation] of variations.entries()) {
      const key = `${variation.donation_type}:${String(variation.min_amount_paise)}`;
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['variations', index, 'min_amount_paise'],
          message: SETTINGS_MESSAGES.variationDuplicate,
        });
      }
      seen.add(key);
    }
  });
export type AlertSettings = z.output<typeof alertSettingsSchema>;

/** What plays when the streamer has set nothing: one variation per donation type. */
export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  variations: DONATION_TYPES.map((type) => ({
    id: `default-${type}`,
    donation_type: type,
    min_amount_paise: 0,
    duration_ms: null,
    sound: { kind: 'bundled', id: 'chime' },
    image_media_id: null,
    template: DEFAULT_ALERT_TEMPLATE,
    sound_min_amount_paise: 0,
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

// ── moderation ─────────────────────────────────────────────────────────────────────────────

export const moderationSettingsSchema = z.strictObject({
  moderation_mode: z.enum(MODERATION_MODES, { error: 'Please choose auto-approve or review.' }),
  /** null goes back to the starter list. Blank entries and repeats are dropped. */
  blocked_words: z
    .array(
      z
        .string()
        .transform((word) => stripInvisible(word).trim())
        .refine(
          (word) => countChars(word) <= SETTINGS_LIMITS.blockedWordMaxChars,
          SETTINGS_MESSAGES.blockedWordTooLong,
        ),
    )
    .max(SETTINGS_LIMITS.blockedWordsMax, SETTINGS_MESSAGES.tooManyBlockedWords)
    .transform((words) => [...new Set(words.filter((word) => word !== ''))])
    .nullable(),
  hide_amounts_from_moderators: z.boolean(),
});
export type ModerationSettingsInput = z.output<typeof moderationSettingsSchema>;

// ── the settings API ───────────────────────────────────────────────────────────────────────

/**
 * `PATCH /api/streamers/:slug/settings`: any sections, any fields of page, money and
 * moderation; the alert variations as a whole list. Unknown fields are refused, so nothing a
 * member may not change (such as `is_active`) slips through.
 */
export const settingsUpdateSchema = z
  .strictObject({
    page: pageSettingsSchema.partial().optional(),
    money: moneySettingsSchema.partial().optional(),
    alerts: alertSettingsSchema.optional(),
    moderation: moderationSettingsSchema.partial().optional(),
  })
  .refine(
    (update) => Object.values(update).some((section) => section !== undefined),
    SETTINGS_MESSAGES.nothingToChange,
  );
export type SettingsUpdate = z.input<typeof settingsUpdateSchema>;

export type MediaKind = 'avatar' | 'cover' | 'alert_image' | 'alert_sound';
export const IMAGE_SLOTS = ['avatar', 'cover'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
export const ALERT_MEDIA_KINDS = ['alert_image', 'alert_sound'] as const;
export type AlertMediaKind = (typeof ALERT_MEDIA_KINDS)[number];

/** An uploaded alert sound or image, as the settings tab lists it. */
export type AlertMedia = {
  id: string;
  kind: AlertMediaKind;
  url: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
};

/** `GET /api/streamers/:slug/settings`: everything the settings tab edits. */
export type StreamerSettings = {
  slug: string;
  is_active: boolean;
  page: PageSettings & { avatar_url: string | null; cover_image_url: string | null };
  money: MoneySettings;
  alerts: AlertSettings;
  moderation: {
    moderation_mode: (typeof MODERATION_MODES)[number];
    /** The words in force: the streamer's own list, or the starter list. */
    blocked_words: string[];
    uses_starter_words: boolean;
    hide_amounts_from_moderators: boolean;
  };
  alert_media: AlertMedia[];
};

/** The settings the public donation page adds to the streamer's profile. */
export type PublicStreamerSettings = {
  avatar_url: string | null;
  welcome_text: string;
  social_links: SocialLink[];
  min_amount_paise: number;
  preset_amounts_paise: number[];
  hyperemote_tiers: HyperemoteTiers;
};

/** An alert variation as the overlay plays it: sounds and images as URLs. */
export type OverlayAlertVariation = Omit<AlertVariation, 'sound' | 'image_media_id'> & {
  sound_url: string | null;
  image_url: string | null;
};

/**
 * `GET /api/overlay/:slug/settings?token=` and the overlay stream's `settings` event: what the
 * overlay needs to draw alerts the streamer's way.
 */
export type OverlaySettings = {
  name: string;
  brand_color: string;
  is_active: boolean;
  alert_variations: OverlayAlertVariation[];
};

// ── admin console ──────────────────────────────────────────────────────────────────────────

const emailSchema = registerRequestSchema.shape.email;

export const createStreamerRequestSchema = z.object({
  slug: slugSchema,
  name: z
    .string({ error: SETTINGS_MESSAGES.nameRequired })
    .trim()
    .min(1, 'Please enter a name.')
    .max(80, 'Name must be at most 80 characters.'),
  brand_color: brandColorSchema.default('#2563eb'),
  /** The owner: made a member at once when the account exists, else sent a sign-up link. */
  owner_email: emailSchema.optional(),
});
export type CreateStreamerRequest = z.input<typeof createStreamerRequestSchema>;

export const memberRequestSchema = z.object({
  email: emailSchema,
  is_admin: z.boolean().default(false),
});
export type MemberRequest = z.input<typeof memberRequestSchema>;

export const videoUrlRequestSchema = z.strictObject({
  video_url: httpsUrlSchema(SETTINGS_MESSAGES.videoUrlNotHttps).nullable(),
});

/** Accepting an invite without an account: the account is created with this password. */
export const inviteAcceptRequestSchema = z.object({
  password: registerRequestSchema.shape.password.optional(),
});

/** A one-time sign-up link, as the admin console shows it. */
export type InviteSummary = {
  id: string;
  email: string;
  is_admin: boolean;
  created_at: string;
  expires_at: string;
  /** Only in the answer that created it: the code is never stored, only its hash. */
  url?: string;
};

/**
 * `POST /api/admin/streamers/:slug/members`: 204 when the account exists (it is a member at
 * once); 201 with this body when it does not (a one-time sign-up link was made).
 */
export type MemberInviteResponse = { status: 'invited'; invite: InviteSummary & { url: string } };

/** `POST /api/invites/:code/accept`: a new account gets a session; a signed-in one keeps its own. */
export type InviteAcceptResponse = {
  user: AuthUser;
  session: { access_token: string } | null;
  streamer_slug: string;
};

export type AdminStreamerSummary = {
  id: string;
  slug: string;
  name: string;
  brand_color: string;
  is_active: boolean;
  created_at: string;
  members: Array<{ email: string; is_admin: boolean }>;
  pending_invites: InviteSummary[];
};

/** `GET /api/invites/:code`: what the sign-up page shows before the account is made. */
export type InviteDetails = {
  email: string;
  streamer: { slug: string; name: string };
  expires_at: string;
  /** Whether an account already uses the e-mail (then the invitee logs in instead). */
  has_account: boolean;
};

/** One recorded settings change (who, when, old and new value). */
export type AuditEntry = {
  id: number;
  streamer_slug: string | null;
  actor_email: string;
  section: string;
  field: string;
  old_value: unknown;
  new_value: unknown;
  created_at: string;
};
