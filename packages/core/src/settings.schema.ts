import { z } from 'zod';
import { ALERT_DESIGN_MESSAGES } from './alert-design.ts';
import { variationDesignSchema } from './alert-design.schema.ts';
import { ALERT_TIMING } from './alert-timing.ts';
import { brandColorSchema, registerRequestSchema, slugSchema } from './auth.schema.ts';
import { DONATION_TYPES } from './donations.ts';
import { LANGUAGES } from './languages.ts';
import { sanitizeText } from './sanitize-text.ts';
import {
  ALERT_TEMPLATE_PLACEHOLDERS,
  BUNDLED_SOUNDS,
  FORM_VARIANTS,
  MODERATION_MODES,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  SOCIAL_PLATFORMS,
  STREAMER_THEMES,
  isHttpsUrl,
  type BundledSoundId,
} from './settings.ts';
import type { SiteSocialPlatform } from './site.ts';

/**
 * The settings schemas (issue 10): what the settings forms, the API and the tests validate
 * with. Kept apart from settings.ts, which the donation page and the overlay import, because
 * building a zod schema is a side effect no bundler can drop.
 */

// ── building blocks ────────────────────────────────────────────────────────────────────────

/** Characters nobody types on purpose: controls and bidi overrides (newlines are kept). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

const countChars = (text: string) => Array.from(text).length;

/**
 * A text a page may set in place of a built-in one: no invisible or control characters (as
 * every public text), one line when `isOneLine`, at most `maxChars`. Blank, or null, is null:
 * the built-in text.
 */
const optionalPageTextSchema = (input: { maxChars: number; tooLong: string; isOneLine: boolean }) =>
  z
    .string()
    .transform((text) => {
      // Tabs and line breaks become spaces first, so stripping controls never joins two words.
      const spaced = input.isOneLine ? text.replace(/\s+/g, ' ') : text;
      const visible = sanitizeText(stripInvisible(spaced));
      return input.isOneLine ? visible.replace(/ {2,}/g, ' ') : visible;
    })
    .refine((text) => countChars(text) <= input.maxChars, input.tooLong)
    .transform((text) => (text === '' ? null : text))
    .nullable();

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
  /** The donation page's and the overlay's language until a fan picks another (issue 21). */
  language: z.enum(LANGUAGES, { error: SETTINGS_MESSAGES.languageInvalid }),
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
  /** null: DEFAULT_MOBILE_DIALOG_TITLE. */
  mobile_dialog_title: optionalPageTextSchema({
    maxChars: SETTINGS_LIMITS.mobileDialogTitleMaxChars,
    tooLong: SETTINGS_MESSAGES.mobileDialogTitleTooLong,
    isOneLine: true,
  }),
  /** The message choosing Hyperemotes sets; null: it clears the message. */
  hyperemote_message: optionalPageTextSchema({
    maxChars: SETTINGS_LIMITS.hyperemoteMessageMaxChars,
    tooLong: SETTINGS_MESSAGES.hyperemoteMessageTooLong,
    isOneLine: false,
  }),
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

// ── alerts ─────────────────────────────────────────────────────────────────────────────────

const bundledSoundIds = BUNDLED_SOUNDS.map((sound) => sound.id) as [
  BundledSoundId,
  ...BundledSoundId[],
];

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
  /** How it looks (issue 33); left out: the classic dark card at the top centre. */
  design: variationDesignSchema,
});
export type AlertVariation = z.output<typeof alertVariationSchema>;

/**
 * The alert section, replaced as a whole: the variations, and the longest a text alert stays
 * (whole milliseconds, 5–60 s; left out means the 15 s default) so a long message never holds
 * the stream.
 */
export const alertSettingsSchema = z
  .strictObject({
    variations: z
      .array(alertVariationSchema)
      .max(SETTINGS_LIMITS.alertVariationsMax, SETTINGS_MESSAGES.tooManyVariations),
    text_alert_max_ms: z
      .number({ error: SETTINGS_MESSAGES.textAlertMaxOutOfRange })
      .int(SETTINGS_MESSAGES.textAlertMaxOutOfRange)
      .min(SETTINGS_LIMITS.textAlertMaxMinMs, SETTINGS_MESSAGES.textAlertMaxOutOfRange)
      .max(SETTINGS_LIMITS.textAlertMaxMaxMs, SETTINGS_MESSAGES.textAlertMaxOutOfRange)
      .default(ALERT_TIMING.textAlertMaxMs),
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
      if (variation.image_media_id !== null && variation.design.bundled_image !== null) {
        context.addIssue({
          code: 'custom',
          path: ['variations', index, 'design', 'bundled_image'],
          message: ALERT_DESIGN_MESSAGES.imageTwice,
        });
      }
    }
  });
export type AlertSettings = z.output<typeof alertSettingsSchema>;

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

const siteSocialLinkSchema = () => httpsUrlSchema(SETTINGS_MESSAGES.linkNotHttps).optional();

/**
 * How visitors reach the operator (/contact and the footer): each detail is shown only when set,
 * so the site never shows a placeholder as a real number, nor a chat it does not offer.
 */
const supportContactSchema = z.strictObject({
  email: emailSchema.optional(),
  phone: z
    .string({ error: SETTINGS_MESSAGES.supportPhoneInvalid })
    .trim()
    .regex(/^\+?[0-9][0-9 -]{5,18}$/, SETTINGS_MESSAGES.supportPhoneInvalid)
    .optional(),
  hours: z
    .string({ error: SETTINGS_MESSAGES.supportHoursTooLong })
    .trim()
    .min(1, SETTINGS_MESSAGES.supportHoursTooLong)
    .max(60, SETTINGS_MESSAGES.supportHoursTooLong)
    .regex(/^[^\p{Cc}]*$/u, SETTINGS_MESSAGES.supportHoursTooLong)
    .optional(),
  /** A chat the operator really runs (e.g. a WhatsApp link); without it no chat is offered. */
  chat_url: httpsUrlSchema(SETTINGS_MESSAGES.linkNotHttps).optional(),
});

/**
 * The site settings of the status page and the footer: `PUT /api/admin/site/config` takes this,
 * and it and `GET /api/site/config` (public) answer it. The default streamer is a slug the
 * server checks exists (null: Back to Donation Page goes home); a social link left out is not
 * shown.
 */
export const siteConfigSchema = z.strictObject({
  default_streamer: z
    .string({ error: SETTINGS_MESSAGES.defaultStreamerUnknown })
    .trim()
    .toLowerCase()
    .min(1, SETTINGS_MESSAGES.defaultStreamerUnknown)
    .max(100, SETTINGS_MESSAGES.defaultStreamerUnknown)
    .nullable(),
  social_links: z.strictObject({
    youtube: siteSocialLinkSchema(),
    instagram: siteSocialLinkSchema(),
    x: siteSocialLinkSchema(),
    facebook: siteSocialLinkSchema(),
    discord: siteSocialLinkSchema(),
    twitch: siteSocialLinkSchema(),
  } satisfies Record<SiteSocialPlatform, unknown>),
  support: supportContactSchema.default({}),
});
export type SiteConfig = z.output<typeof siteConfigSchema>;
/** What `PUT /api/admin/site/config` takes (support details may be left out). */
export type SiteConfigUpdate = z.input<typeof siteConfigSchema>;
export type SiteSocialLinks = SiteConfig['social_links'];
export type SupportContact = SiteConfig['support'];

/**
 * Accepting an invite without an account: the account is created with this password, its
 * e-mails in this language (the browser's, as at sign-up).
 */
export const inviteAcceptRequestSchema = z.object({
  password: registerRequestSchema.shape.password.optional(),
  locale: registerRequestSchema.shape.locale,
  /** The sign-up's 18+ declaration (issue 29): needed when a new account is made. */
  age_confirmed: registerRequestSchema.shape.age_confirmed.optional(),
});
