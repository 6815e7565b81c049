import type { ModerationStatus, PaymentStatus } from './alertable.ts';
import type { DonationType } from './donations.ts';

/**
 * The creator's numbers (issue 28): the dashboard's Analytics tab (full tip history, charts and
 * CSV export) shares these constants and pure rules with the server. The request schemas are in
 * analytics.schema.ts so that pages which never filter history do not download zod.
 */

/** The chart periods, in days ending today (India calendar). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const ANALYTICS_LIMITS = {
  /** Tips per page of history. */
  pageSize: 50,
  maxPageSize: 100,
  searchMaxChars: 100,
  /** Rows per database read while a CSV export streams. */
  exportBatch: 1000,
  topSupporters: 10,
} as const;

/** The history's filter as the API takes it; 'all' leaves a field unfiltered. */
export type HistoryFilter = {
  q: string;
  type: DonationType | 'all';
  payment: PaymentStatus | 'all';
  moderation: ModerationStatus | 'all';
  /** India calendar days, YYYY-MM-DD, both included; '' for open-ended. */
  from: string;
  to: string;
  /** A tip's id: the history then shows that tip's donor's tips only. */
  donor: string;
};

/** What the history shows at first: paid tips of every kind, whatever their moderation. */
export const DEFAULT_HISTORY_FILTER: HistoryFilter = {
  q: '',
  type: 'all',
  payment: 'success',
  moderation: 'all',
  from: '',
  to: '',
  donor: '',
};

/** The filter as URL query parameters (empty and 'all'-less defaults left out, except payment). */
export function historyFilterParams(filter: HistoryFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.q.trim()) params.set('q', filter.q.trim());
  params.set('type', filter.type);
  params.set('payment', filter.payment);
  params.set('moderation', filter.moderation);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.donor) params.set('donor', filter.donor);
  return params;
}

export type AnalyticsTip = {
  id: string;
  created_at: string;
  name: string;
  type: DonationType;
  amount_paise: number;
  message: string;
  payment_status: PaymentStatus;
  moderation_status: ModerationStatus;
};

export type HistoryResponse = {
  tips: AnalyticsTip[];
  /** Pass as `?cursor=` for the next (older) page; null on the last page. */
  next_cursor: string | null;
  /** Count and sum of every tip the filter matches (all pages); on the first page only. */
  summary: { count: number; total_paise: number } | null;
  /** Set when the filter names a donor: the name their tips carry. */
  donor: { name: string } | null;
};

export type DayPoint = {
  /** The India calendar day, YYYY-MM-DD. */
  day: string;
  amount_paise: number;
  count: number;
  /** The same position in the previous period (the day `days` earlier). */
  previous_amount_paise: number;
  previous_count: number;
  by_type: Record<DonationType, number>;
};

export type AmountAndCount = { amount_paise: number; count: number };

export type ChartsResponse = {
  days: AnalyticsPeriod;
  /** Oldest first, ending today. */
  series: DayPoint[];
  totals: { current: AmountAndCount; previous: AmountAndCount };
  by_type: Array<{ type: DonationType } & AmountAndCount>;
  /** 0–23, India time. */
  hours: Array<{ hour: number } & AmountAndCount>;
  /** 0 = Monday … 6 = Sunday. */
  weekdays: Array<{ weekday: number } & AmountAndCount>;
  top_supporters: Array<{ rank: number; name: string } & AmountAndCount>;
};

export const WEEKDAY_LABELS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

export const TIP_TYPE_LABELS: Record<DonationType, string> = {
  text: 'Text',
  voice: 'Voice',
  hyperemote: 'Hyperemote',
  media: 'GIF / Video',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  success: 'Paid',
  pending: 'Awaiting payment',
  failed: 'Failed',
};

export const MODERATION_STATUS_LABELS: Record<ModerationStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  auto_approved: 'Auto-approved',
  rejected: 'Rejected',
};

// ── India calendar ────────────────────────────────────────────────────────────────────────────

/** India has one offset all year (no daylight saving). */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

/** The India calendar day (YYYY-MM-DD) an instant falls on. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant an India calendar day starts (00:00 IST). */
export function indiaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MS);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** "2026-11-25 14:03:22" in India time: the CSV's date column. */
export function formatIndiaDateTime(at: Date): string {
  return new Date(at.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

// ── CSV ───────────────────────────────────────────────────────────────────────────────────────

export const CSV_HEADER = [
  'Date and time (IST)',
  'Donor',
  'Type',
  'Amount (INR)',
  'Message',
  'Payment',
  'Moderation',
  'Order ID',
] as const;

/** Paise as rupees with two decimals and no symbol, so a spreadsheet sums them: "51.00". */
export function csvRupees(amountPaise: number): string {
  const sign = amountPaise < 0 ? '-' : '';
  const abs = Math.abs(amountPaise);
  return `${sign}${String(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * One CSV cell. Text a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a
 * carriage return) gets a leading apostrophe (OWASP's advice), and a cell holding a comma,
 * quote or line break is quoted with its quotes doubled.
 */
export function csvCell(value: string): string {
  const neutralised = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(neutralised) ? `"${neutralised.replaceAll('"', '""')}"` : neutralised;
}

/** A CSV line (CRLF, as RFC 4180 says). Amounts go through `csvRupees` before, not here. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
