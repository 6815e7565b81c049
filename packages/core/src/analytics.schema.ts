import { z } from 'zod';
import { MODERATION_STATUSES, PAYMENT_STATUSES } from './alertable.ts';
import { ANALYTICS_LIMITS, ANALYTICS_PERIODS } from './analytics.ts';
import { DONATION_TYPES } from './donations.ts';

/** The Analytics tab's request checks (issue 28): the history filter and the chart period. */

const dayMessage = 'Dates must look like 2026-11-25.';
const indiaDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, dayMessage)
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), dayMessage);

/** The filter both the history and the CSV export take. */
export const historyFilterSchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(
        ANALYTICS_LIMITS.searchMaxChars,
        `Search for at most ${String(ANALYTICS_LIMITS.searchMaxChars)} characters.`,
      )
      .default(''),
    type: z.enum(['all', ...DONATION_TYPES], { error: 'Unknown tip type.' }).default('all'),
    payment: z
      .enum(['all', ...PAYMENT_STATUSES], { error: 'Unknown payment status.' })
      .default('success'),
    moderation: z
      .enum(['all', ...MODERATION_STATUSES], { error: 'Unknown moderation status.' })
      .default('all'),
    from: indiaDaySchema.optional(),
    to: indiaDaySchema.optional(),
    donor: z.uuid({ error: 'Unknown donor.' }).optional(),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: 'The start date must be on or before the end date.',
    path: ['from'],
  });
export type HistoryFilterInput = z.output<typeof historyFilterSchema>;

/** `GET …/analytics/history`: the filter, a page size and the cursor of the page before. */
export const historyQuerySchema = historyFilterSchema.and(
  z.object({
    /** The last tip of the page before; the next page holds the tips older than it. */
    cursor: z.uuid({ error: 'Invalid cursor.' }).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(ANALYTICS_LIMITS.maxPageSize)
      .default(ANALYTICS_LIMITS.pageSize),
  }),
);

export const chartsQuerySchema = z.object({
  days: z.coerce
    .number()
    .refine((days) => (ANALYTICS_PERIODS as readonly number[]).includes(days), {
      message: 'days must be 7, 30 or 90.',
    })
    .default(7),
});
