/**
 * How long each kind of personal data is kept (issue 29): the one place these periods are
 * written. The retention job (apps/server/src/modules/privacy/retention.service.ts) enforces
 * them, the README's "Personal data" table repeats them, and notices may quote them.
 * Not legal advice; where a rule was unclear the more protective reading was chosen.
 */

const DAY_MS = 86_400_000;

export type RetentionRule = {
  /** What is kept. */
  data: string;
  /** Days after `from` when the rule applies. */
  days: number;
  from: string;
  /** What happens then. */
  action: 'masked' | 'deleted';
  /** Why this long. */
  why: string;
};

/**
 * Rule 8(3) of the DPDP Rules 2025 asks for personal data, traffic data and logs to be kept
 * at least one year from processing; that year is also longer than the card networks' 120-day
 * chargeback window and the UPI dispute window, so a fan's number is there when the payment
 * gateway asks about a dispute.
 */
export const RETENTION = {
  fanPhone: {
    data: 'Fan phone number (sealed, with a keyed index for look-ups)',
    days: 365,
    from: 'the tip was created',
    action: 'masked',
    why: 'Payment disputes and chargebacks (card networks: up to 120 days; UPI disputes: shorter) and the one-year minimum of Rule 8(3); then only the masked form (98••••••10) stays.',
  },
  voiceAndMedia: {
    data: 'Voice messages, donated media files, and tips read aloud (rendered speech)',
    days: 30,
    from: 'the tip was paid',
    action: 'deleted',
    why: 'Enough for the stream, replays and a moderation review; the clip is content, not a record the Rules ask us to keep.',
  },
  paymentPayloadContact: {
    data: 'Phone and e-mail inside stored payment-gateway events',
    days: 365,
    from: 'the event arrived',
    action: 'deleted',
    why: 'Same as the fan phone number; the money record itself (amount, status, order id) stays, as the law on accounts requires.',
  },
  sessionLogs: {
    data: 'Sign-in sessions (IP address, browser) and failed-login records',
    days: 365,
    from: 'the session ended or the last failure',
    action: 'deleted',
    why: 'Rule 8(3): logs are kept one year, then erased.',
  },
  consentAddress: {
    data: 'IP addresses in consent records (where a consent was given or withdrawn)',
    days: 365,
    from: 'the consent was given (or withdrawn)',
    action: 'masked',
    why: 'Proof of where a consent came from while a dispute about it is likely, and the one-year minimum of Rule 8(3) for traffic data; then only the network (203.0.113.0/24) stays, with the browser summary, the notice version and the times.',
  },
  siteLeads: {
    data: 'Sign-up leads and contact-form messages',
    days: 365,
    from: 'they were sent',
    action: 'deleted',
    why: 'Long enough to answer and follow up; Rule 8(3) one-year minimum.',
  },
  privacyCodes: {
    data: 'One-time codes and rights-page sessions',
    days: 1,
    from: 'they expired',
    action: 'deleted',
    why: 'Only needed while the fan is on the rights page; kept a day for abuse checks.',
  },
  privacyRequests: {
    data: 'The log of rights requests (access, download, correction, erasure)',
    days: 365 * 3,
    from: 'the request was answered',
    action: 'deleted',
    why: 'Proof that each request was answered (Rule 8(3) asks for at least one year; three years covers a complaint to the Board and its appeal).',
  },
  retentionRuns: {
    data: 'The retention job’s own run records',
    days: 365,
    from: 'the run',
    action: 'deleted',
    why: 'Rule 8(3): logs are kept one year.',
  },
} as const satisfies Record<string, RetentionRule>;

export type RetentionKind = keyof typeof RETENTION;

/** The moment before which data of this kind is due for its action. */
export function retentionCutoff(kind: RetentionKind, now: Date): Date {
  return new Date(now.getTime() - RETENTION[kind].days * DAY_MS);
}

/**
 * What a consent record keeps of an address after RETENTION.consentAddress: its network, in
 * CIDR form (`203.0.113.0/24`, `2001:db8:1::/48`), which no longer points at one subscriber.
 * Anything already masked (it has a `/`) is returned as it is, so masking is idempotent.
 */
export function maskIpAddress(address: string): string {
  if (address.includes('/')) return address;
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (address.includes(':')) {
    // Expand '::' to count groups, then keep the first three (a /48, one site's prefix).
    const [head = '', tail] = address.split('::');
    const headGroups = head === '' ? [] : head.split(':');
    const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
    const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
    const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
    const prefix = groups
      .slice(0, 3)
      .map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
      .join(':');
    return `${prefix}::/48`;
  }
  return 'masked/0';
}

/**
 * Days within which a rights request is answered (README, "Personal data"): the Act gives the
 * grievance officer 90 days; we aim for 30, the shorter figure one summary gives.
 */
export const RIGHTS_ANSWER_DAYS = 30;

/**
 * Who each tip's data went to, besides us (DPDP Act s.11(1)(b)), as the rights page lists it
 * (GET /api/privacy/my-data and the download): the one place these words are written. The page shows each by its `kind` in the
 * reader's language (the `account` catalogs), these words being the English.
 */
export const SHARED_WITH = [
  {
    kind: 'gateway',
    recipient: 'The payment gateway',
    what: 'Your name and phone number, with the amount, to take the payment.',
  },
  {
    kind: 'creator',
    recipient: 'The creator you tipped, and their live stream',
    what: 'Your name (or "Anonymous"), your message, and your voice message or media, shown and played on stream; never your phone number.',
  },
  {
    kind: 'sms',
    recipient: 'The SMS provider',
    what: 'Your phone number, only when you ask this page for a code.',
  },
] as const;

export type SharedWithKind = (typeof SHARED_WITH)[number]['kind'];
