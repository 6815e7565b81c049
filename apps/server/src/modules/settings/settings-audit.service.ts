import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditEntry } from '@shabaash/core';
import type { Database, Transaction } from '../../db/client.ts';
import { settingsAudit } from '../../db/schema.ts';
import { findStreamerSlugs } from '../streamers/streamers.repository.ts';

/** Who made a change: the signed-in user (their e-mail is kept, so the record outlives them). */
export type Actor = { id: string | null; email: string };

/** The actor of a signed-in viewer's change. */
export function actorOf(viewer: { id: string; email: string }): Actor {
  return { id: viewer.id, email: viewer.email };
}

/** One changed value; `field` is the API's name for it, e.g. `brand_color`. */
export type AuditChange = { section: string; field: string; oldValue: unknown; newValue: unknown };

/**
 * Writes changes to the audit log inside the caller's transaction, so a change and its record
 * commit together or not at all. `streamerId` is null for site-wide settings.
 */
export async function recordAudit(
  tx: Database | Transaction,
  input: { streamerId: string | null; actor: Actor; changes: AuditChange[] },
): Promise<void> {
  if (input.changes.length === 0) return;
  await tx.insert(settingsAudit).values(
    input.changes.map((change) => ({
      streamerId: input.streamerId,
      actorUserId: input.actor.id,
      actorEmail: input.actor.email,
      section: change.section,
      field: change.field,
      oldValue: change.oldValue ?? null,
      newValue: change.newValue ?? null,
    })),
  );
}

/** The audit log newest first, for one streamer or all; `beforeId` pages further back. */
export async function listAudit(
  db: Database,
  options: { streamerId?: string; limit: number; beforeId?: number },
): Promise<AuditEntry[]> {
  const entries = await db
    .select()
    .from(settingsAudit)
    .where(
      and(
        options.streamerId ? eq(settingsAudit.streamerId, options.streamerId) : undefined,
        options.beforeId ? lt(settingsAudit.id, options.beforeId) : undefined,
      ),
    )
    .orderBy(desc(settingsAudit.id))
    .limit(options.limit);
  const slugs = await findStreamerSlugs(
    db,
    entries.flatMap((entry) => (entry.streamerId ? [entry.streamerId] : [])),
  );
  return entries.map((entry) => ({
    id: entry.id,
    streamer_slug: entry.streamerId ? (slugs.get(entry.streamerId) ?? null) : null,
    actor_email: entry.actorEmail,
    section: entry.section,
    field: entry.field,
    old_value: entry.oldValue,
    new_value: entry.newValue,
    created_at: entry.createdAt.toISOString(),
  }));
}

/** Structural equality for JSON-like values (jsonb hands back keys in its own order). */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isSameValue(item, b[index]));
  }
  const aEntries = Object.entries(a).filter(([, value]) => value !== undefined);
  const bRecord = b as Record<string, unknown>; // narrowed to a non-array object above
  const bKeys = Object.keys(bRecord).filter((key) => bRecord[key] !== undefined);
  return (
    aEntries.length === bKeys.length &&
    aEntries.every(([key, value]) => key in bRecord && isSameValue(value, bRecord[key]))
  );
}
