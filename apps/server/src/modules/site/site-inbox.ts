import { desc } from 'drizzle-orm';
import type { InboxLead, InboxMessage } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { contactMessages, userSignups } from '../../db/schema.ts';
import {
  contactPhoneContext,
  leadPhoneContext,
  type PersonalData,
} from '../privacy/personal-data.ts';

/**
 * A sign-up lead as it leaves the server (admin inbox only, each look audited): the mobile
 * number opened from its sealed form, or the clear one of a row not sealed yet.
 */
export function presentLead(
  row: typeof userSignups.$inferSelect,
  personalData: PersonalData,
): InboxLead {
  return {
    id: row.id,
    name: row.name,
    mobile_number: row.mobileNumberEnc
      ? personalData.open(row.mobileNumberEnc, leadPhoneContext(row.id))
      : (row.mobileNumber ?? ''),
    youtube_channel: row.youtubeChannel,
    email: row.email,
    instagram_handle: row.instagramHandle,
    plan: row.plan,
    created_at: row.createdAt.toISOString(),
  };
}

/** A contact message as it leaves the server (admin inbox only). */
export function presentContactMessage(
  row: typeof contactMessages.$inferSelect,
  personalData: PersonalData,
): InboxMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phoneEnc ? personalData.open(row.phoneEnc, contactPhoneContext(row.id)) : row.phone,
    message: row.message,
    emailed_at: row.emailedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Leads, newest first. */
export async function listLeads(
  db: Database,
  personalData: PersonalData,
  limit: number,
): Promise<InboxLead[]> {
  const rows = await db
    .select()
    .from(userSignups)
    .orderBy(desc(userSignups.createdAt), desc(userSignups.id))
    .limit(limit);
  return rows.map((row) => presentLead(row, personalData));
}

/** Contact messages, newest first. */
export async function listContactMessages(
  db: Database,
  personalData: PersonalData,
  limit: number,
): Promise<InboxMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit);
  return rows.map((row) => presentContactMessage(row, personalData));
}

/**
 * RFC 4180 CSV of presented rows, with a header of `columns`. A cell a spreadsheet would run as
 * a formula (starting with =, +, -, @, tab or CR) gets a leading apostrophe: visitors typed them.
 */
export function toCsv<Row extends Record<string, string | null>>(
  rows: readonly Row[],
  columns: ReadonlyArray<keyof Row & string>,
): string {
  const cell = (value: string | null) => {
    const text = value ?? '';
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [
    columns.join(','),
    ...rows.map((row) => columns.map((c) => cell(row[c] ?? null)).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
