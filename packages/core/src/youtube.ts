/**
 * YouTube live chat (issue 30): a paid tip posted to the creator's live chat as a text message
 * from their channel. Constants and texts shared by the server, the dashboard and tests.
 */

/** YouTube refuses chat messages longer than this (liveChatMessages.insert). */
export const YOUTUBE_CHAT_MAX_CHARS = 200;

export const YOUTUBE_LIMITS = {
  templateMaxChars: 150,
  /** ₹100: a creator who turns chat posting on without choosing starts here. */
  defaultMinAmountPaise: 10_000,
} as const;

/** The message per language of the tip ({amount} Indian style, e.g. ₹1,00,000). */
export const DEFAULT_YOUTUBE_TEMPLATES = {
  en: '💸 {amount} from {name}: {message}',
  hi: '💸 {name} की ओर से {amount}: {message}',
} as const;

/** Why the dashboard cannot connect YouTube on this site (the operator has not set it up). */
export const YOUTUBE_UNAVAILABLE_REASONS = ['not_configured', 'no_secrets_key'] as const;
export type YoutubeUnavailableReason = (typeof YOUTUBE_UNAVAILABLE_REASONS)[number];

/** What went wrong with the last post, shown to the creator (never a token or a raw body). */
export const YOUTUBE_ERROR_CODES = [
  'live_chat_ended',
  'live_chat_disabled',
  'rate_limited',
  'forbidden',
  'revoked',
  'quota_exceeded',
  'quota_budget',
  'creator_share',
  'provider_error',
] as const;
export type YoutubeErrorCode = (typeof YOUTUBE_ERROR_CODES)[number];

export const YOUTUBE_MESSAGES = {
  templateTooLong: `Keep the chat template under ${YOUTUBE_LIMITS.templateMaxChars} characters.`,
  templateNeedsAmount: 'The chat template must contain {amount}.',
  unavailable: {
    not_configured:
      'The operator of this site has not set up YouTube (no Google OAuth client is configured).',
    no_secrets_key:
      'The operator of this site has not set SECRETS_KEY, which keeps YouTube access encrypted.',
  } satisfies Record<YoutubeUnavailableReason, string>,
  invalidState: 'This YouTube sign-in expired or was started elsewhere. Please connect again.',
  denied: 'YouTube access was not granted.',
  noChannel: 'This Google account has no YouTube channel.',
  exchangeFailed: 'Google did not accept the sign-in. Please connect again.',
  errors: {
    live_chat_ended: 'The live chat had ended, so the tip was not posted.',
    live_chat_disabled: 'Live chat is turned off for your stream, so tips cannot be posted.',
    rate_limited: 'YouTube asked us to slow down; some tips were not posted.',
    forbidden: 'YouTube refused the message (is the channel allowed to chat?).',
    revoked: 'Access to your YouTube channel was removed. Connect it again to post tips.',
    quota_exceeded:
      "YouTube's daily quota for this site is used up; posting resumes after midnight Pacific time.",
    quota_budget:
      "This site's share of YouTube's daily quota is used up; posting resumes after midnight Pacific time.",
    creator_share:
      "Your fair share of today's YouTube quota is used up; posting resumes after midnight Pacific time.",
    provider_error: 'YouTube could not be reached; some tips were not posted.',
  } satisfies Record<YoutubeErrorCode, string>,
} as const;
