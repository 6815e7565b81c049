import { formatRupees } from './money.ts';

/** Spec 02 §5, §8 and §9: the donation form's limits and words, shared by page and server. */
export const DONATION_LIMITS = {
  minAmountPaise: 100,
  maxAmountPaise: 10_000_000,
  messageMaxChars: 500,
  nameMaxChars: 50,
  recentDonations: 5,
} as const;

export type ToastText = { title: string; description: string };

export const DONATION_MESSAGES = {
  nameRequired: { title: 'Name Required', description: 'Please enter your name.' },
  voiceRequired: {
    title: 'Voice Message Required',
    description: 'Please record a voice message for your donation.',
  },
  messageRequired: {
    title: 'Message Required',
    description: 'Please enter a message for your donation.',
  },
  invalidAmount: { title: 'Invalid Amount', description: 'Please enter a valid donation amount.' },
  paymentNotReady: {
    title: 'Payment System Not Ready',
    description: 'Please wait for the payment system to load or refresh the page.',
  },
  paymentReady: {
    title: 'Payment System Ready',
    description: 'You can now complete your donation.',
  },
  paymentSystemError: {
    title: 'Payment System Error',
    description: 'Failed to load payment system. Please refresh the page.',
  },
  paymentFailed: {
    title: 'Payment Failed',
    description: 'Something went wrong. Please try again.',
  },
  orderFailedFallback: 'Failed to create payment order',
  simpleFormInvalid: {
    title: 'Validation Error',
    description: 'Please fill in all required fields with valid values.',
  },
  simpleFormFailed: 'Failed to process donation. Please try again.',
  mobileEmpty: 'Please enter your mobile number.',
  mobileInvalid: 'Please enter a valid 10-digit mobile number',
  nameTooLong: `Name must be at most 50 characters.`,
  messageTooLong: 'Message must be at most 500 characters.',
  hyperemoteRequired: { title: 'Hyperemote Required', description: 'Please choose a hyperemote.' },
  hyperemoteTooCheap: {
    title: 'Invalid Amount',
    description: 'This amount is below the hyperemote price.',
  },
  streamerNotAccepting: 'This streamer is not accepting tips right now.',
  voiceUploadInvalid: {
    title: 'Upload Error',
    description: 'Failed to upload voice message. Please try again.',
  },
} as const satisfies Record<string, ToastText | string>;

/** The answer to an amount below the streamer's own minimum (page and server). */
export function belowMinimumMessage(minimumPaise: number): string {
  return `The minimum amount for this streamer is ${formatRupees(minimumPaise)}.`;
}

/** Counts what a person sees as characters: a 4-byte emoji is one, not two UTF-16 units. */
export function countCharacters(text: string): number {
  return Array.from(text).length;
}

/** The 12 hyperemotes (spec 02 §2 names ten of them; two more complete the grid). */
export const HYPEREMOTES = [
  { id: 'happy', name: 'Happy', emoji: '😊' },
  { id: 'peaceful', name: 'Peaceful', emoji: '😌' },
  { id: 'disappointed', name: 'Disappointed', emoji: '😞' },
  { id: 'upset', name: 'Upset', emoji: '😠' },
  { id: 'wink', name: 'Wink', emoji: '😉' },
  { id: 'surprised', name: 'Surprised', emoji: '😮' },
  { id: 'excited', name: 'Excited', emoji: '🤩' },
  { id: 'love', name: 'Love', emoji: '😍' },
  { id: 'sleepy', name: 'Sleepy', emoji: '😴' },
  { id: 'crying', name: 'Crying', emoji: '😢' },
  { id: 'laughing', name: 'Laughing', emoji: '😂' },
  { id: 'cool', name: 'Cool', emoji: '😎' },
] as const;
export type HyperemoteId = (typeof HYPEREMOTES)[number]['id'];

/** The quick-insert row under the message box (spec 02 §2, CodeLive/ArtCreate). */
export const QUICK_EMOJIS = [
  '❤️',
  '🔥',
  '👏',
  '😂',
  '🎉',
  '💯',
  '🙏',
  '😍',
  '🚀',
  '👍',
  '🎵',
  '✨',
];

export const DONATION_TYPES = ['text', 'voice', 'hyperemote', 'media'] as const;
export type DonationType = (typeof DONATION_TYPES)[number];

/** Indian mobile numbers: 10 digits starting 6–9. */
export const INDIAN_MOBILE_NUMBER = /^[6-9]\d{9}$/;

/**
 * The mobile-number check of `phoneSchema` without zod, for the donation page's dialog: the
 * trimmed number, or the same message the schema gives.
 */
export function checkPhone(text: string): { phone: string } | { error: string } {
  const phone = text.trim();
  if (phone === '') return { error: DONATION_MESSAGES.mobileEmpty };
  if (!INDIAN_MOBILE_NUMBER.test(phone)) return { error: DONATION_MESSAGES.mobileInvalid };
  return { phone };
}

/**
 * Parses what a person typed in the amount box as rupees with at most two decimals and returns
 * paise, or null. Rejects '1e9', '0x10', '-0', 'NaN' and anything that is not plain digits.
 */
export function parseRupeeInput(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [rupees = '0', paise = ''] = trimmed.split('.');
  return Number(rupees) * 100 + Number(paise.padEnd(2, '0'));
}

export type OrderResponse = {
  order_id: string;
  payment_session_id: string;
  payment_url: string;
  provider: 'sandbox' | 'cashfree' | 'razorpay';
  mode: 'sandbox' | 'production';
};

/** The public face of a streamer: what the donation page needs, and nothing private. */
export type PublicStreamer = {
  slug: string;
  name: string;
  brand_color: string;
  theme: 'cover' | 'blue' | 'green' | 'purple' | 'orange' | 'pink';
  cover_image_url: string | null;
  form_variant: 'full' | 'simple';
  show_emote_picker: boolean;
  hyperemote_price_paise: number;
  is_active: boolean;
  /** Whether the donation page shows the fan leaderboard (the streamer may opt out). */
  show_leaderboard: boolean;
  /** No Base Plan or Bundle yet: fans see "{name} is not accepting tips yet" (plans.ts). */
  is_preview: boolean;
  /** The tip types the page offers, by the plans it holds (tipTypesFor); empty in preview. */
  tip_types: DonationType[];
  /**
   * Whether text tips are read aloud on stream, and from what amount (issue 23), so the page
   * promises only what happens. Absent only in old fixtures: read as the defaults.
   */
  speech?: { enabled: boolean; min_amount_paise: number };
  payment: {
    provider: OrderResponse['provider'];
    mode: OrderResponse['mode'];
    /** Public client key for the provider's checkout script (Razorpay key id); never a secret. */
    client_key?: string;
  };
};

/** A paid, approved donation as any public page may show it (spec 02 §3, Recent donation row). */
export type PublicDonation = {
  id: string;
  donor_name: string;
  amount_paise: number;
  type: DonationType;
  sanitized_message: string;
  hyperemote_id: string | null;
  created_at: string;
};

/** Hyperemote tiers by amount (spec 02 §2: chiaa's 50–99 basic, 100–499 epic, 500+ legendary). */
export function hyperemoteTier(amountPaise: number): 'basic' | 'epic' | 'legendary' {
  if (amountPaise >= 50_000) return 'legendary';
  if (amountPaise >= 10_000) return 'epic';
  return 'basic';
}

/** The slug an order id names (order ids are `<slug>_<random>`), or null when it names none. */
export function orderIdSlug(orderId: string | null | undefined): string | null {
  if (!orderId) return null;
  const separator = orderId.indexOf('_');
  const slug = orderId.slice(0, separator);
  return separator > 0 && /^[a-z0-9-]+$/.test(slug) ? slug : null;
}

/**
 * Where the status page's Back to Donation Page goes (spec 02 §2): the page of the streamer the
 * order id names, else the default streamer's page (a site setting), else home; home when there
 * is no order id. Null while a look-up it needs has not answered (undefined), so the page can
 * wait instead of offering a link that may end on a not-found page.
 */
export function backToDonationPath(input: {
  orderId: string | null | undefined;
  /** The streamer's slug the order id's prefix resolved to; null when it names no streamer. */
  orderStreamer: string | null | undefined;
  /** The default streamer's slug; null when none is set. */
  defaultStreamer: string | null | undefined;
}): string | null {
  if (!input.orderId) return '/';
  if (input.orderStreamer === undefined) return null;
  if (input.orderStreamer !== null) return `/${input.orderStreamer}`;
  if (input.defaultStreamer === undefined) return null;
  return input.defaultStreamer === null ? '/' : `/${input.defaultStreamer}`;
}
