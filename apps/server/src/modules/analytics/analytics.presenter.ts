import {
  CSV_HEADER,
  csvLine,
  csvRupees,
  formatIndiaDateTime,
  MODERATION_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  TIP_TYPE_LABELS,
  type AnalyticsTip,
} from '@shabaash/core';
import type { DonationType } from '@shabaash/core';

/** A tip as the history, the export and the presenters read it. */
export type HistoryRow = {
  id: string;
  createdAt: Date;
  name: string;
  type: DonationType;
  amountPaise: number;
  message: string;
  paymentStatus: 'pending' | 'success' | 'failed';
  moderationStatus: 'pending' | 'approved' | 'auto_approved' | 'rejected';
  orderId: string;
};

/** A tip as the Analytics tab sees it: no phone, no fan key, no provider ids. */
export function presentAnalyticsTip(row: HistoryRow): AnalyticsTip {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    name: row.name,
    type: row.type,
    amount_paise: row.amountPaise,
    message: row.message,
    payment_status: row.paymentStatus,
    moderation_status: row.moderationStatus,
  };
}

/** The CSV export's header line. */
export const CSV_HEADER_LINE = csvLine(CSV_HEADER);

/** A tip as one CSV line: India time, rupees with paise, the labels the dashboard shows. */
export function presentCsvLine(row: HistoryRow): string {
  return csvLine([
    formatIndiaDateTime(row.createdAt),
    row.name,
    TIP_TYPE_LABELS[row.type],
    csvRupees(row.amountPaise),
    row.message,
    PAYMENT_STATUS_LABELS[row.paymentStatus],
    MODERATION_STATUS_LABELS[row.moderationStatus],
    row.orderId,
  ]);
}
