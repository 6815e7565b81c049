import { and, desc, eq, inArray, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { donations, supporterMerges, supporterTotals } from '../../db/schema.ts';

/**
 * Merging supporters (issue 32). A supporter is a name from one browser (its private fan key),
 * so the same fan tipping from a phone and a laptop shows as two rows with the same name. The
 * streamer merges every row of a name into one: the donations of the other keys move to the
 * key with the largest all-time total (the `donations_supporter_totals` trigger moves the
 * totals in the same transaction), and each other key is recorded so its later tips land in
 * the merged row too (createDonationOrder stores `mergedFanKey`).
 */
export async function mergeSupportersNamed(
  db: Database,
  streamerId: string,
  name: string,
): Promise<{ merged: number }> {
  return db.transaction(async (tx) => {
    const donorKey = sql<string>`coalesce(${donations.fanKey}, ${donations.id}::text)`;
    const ofThisName = and(
      eq(donations.streamerId, streamerId),
      eq(donations.name, name),
      eq(donations.isAnonymous, false),
    );
    const keys = (await tx.selectDistinct({ key: donorKey }).from(donations).where(ofThisName)).map(
      (row) => row.key,
    );
    if (keys.length < 2) return { merged: 0 };

    // The row that stays: the largest all-time total, then the earliest to get there.
    const [kept] = await tx
      .select({ key: supporterTotals.donorKey })
      .from(supporterTotals)
      .where(
        and(
          eq(supporterTotals.streamerId, streamerId),
          eq(supporterTotals.period, 'all'),
          eq(supporterTotals.name, name),
          inArray(supporterTotals.donorKey, keys),
        ),
      )
      .orderBy(desc(supporterTotals.amountPaise), supporterTotals.lastTipAt)
      .limit(1);
    const intoKey = kept?.key ?? keys[0]!;
    const fromKeys = keys.filter((key) => key !== intoKey);

    await tx
      .update(donations)
      .set({ fanKey: intoKey })
      .where(and(ofThisName, ne(donorKey, intoKey)));
    // Earlier merges into a key merged now follow it; then the keys merged now.
    await tx
      .update(supporterMerges)
      .set({ intoKey })
      .where(
        and(eq(supporterMerges.streamerId, streamerId), inArray(supporterMerges.intoKey, fromKeys)),
      );
    await tx
      .insert(supporterMerges)
      .values(fromKeys.map((fromKey) => ({ streamerId, fromKey, intoKey })))
      .onConflictDoUpdate({
        target: [supporterMerges.streamerId, supporterMerges.fromKey],
        set: { intoKey },
      });
    return { merged: fromKeys.length };
  });
}

/**
 * The key a new tip from `fanKey` is stored under: the merged-into key, or its own. An SQL value,
 * so the tip's insert looks it up itself (no round trip of its own). Values or placeholders of a
 * statement prepared once.
 */
export function mergedFanKey(
  streamerId: string | Placeholder,
  fanKey: string | Placeholder,
): SQL<string> {
  return sql<string>`coalesce((${sql`select ${supporterMerges.intoKey} from ${supporterMerges}
    where ${and(eq(supporterMerges.streamerId, streamerId), eq(supporterMerges.fromKey, fanKey))}`}), ${fanKey})`;
}
