import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  GOAL_MESSAGES,
  type Goal,
  type goalCreateSchema,
  type goalUpdateSchema,
} from '@shabaash/core';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { goals } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { sumCountedDonations } from '../donations/donations.service.ts';
import { presentGoal } from './leaderboard.presenter.ts';

type GoalRow = typeof goals.$inferSelect;
type GoalCreateInput = z.output<typeof goalCreateSchema>;
type GoalUpdateInput = z.output<typeof goalUpdateSchema>;

/**
 * Donation goals: one open goal per streamer (a partial unique index holds that). Progress is
 * not stored; it is the sum of paid, approved donations created since the goal started and
 * before its end, read from the donations module on every request.
 */

async function findOpenGoal(db: Database, streamerId: string): Promise<GoalRow | null> {
  const [goal] = await db
    .select()
    .from(goals)
    .where(and(eq(goals.streamerId, streamerId), isNull(goals.closedAt)));
  return goal ?? null;
}

async function withProgress(db: Database, goal: GoalRow, now: Date): Promise<Goal> {
  const raised = await sumCountedDonations(db, goal.streamerId, {
    from: goal.startsAt,
    until: goal.endsAt,
  });
  return presentGoal(goal, raised, now);
}

/** The streamer's open goal with its progress (also once its end date has passed), or null. */
export async function getCurrentGoal(
  db: Database,
  streamerId: string,
  now = new Date(),
): Promise<Goal | null> {
  const goal = await findOpenGoal(db, streamerId);
  return goal ? withProgress(db, goal, now) : null;
}

function parseEnd(endsAt: string | null, now: Date): Date | null {
  if (endsAt === null) return null;
  const end = new Date(endsAt);
  if (end.getTime() <= now.getTime()) throw badRequest(GOAL_MESSAGES.endInPast, 'goal_end_in_past');
  return end;
}

/**
 * Starts a new goal now; the open one, if any, is closed in the same transaction, so a
 * streamer always has at most one and the new one counts only tips from this moment on.
 */
export async function createGoal(
  db: Database,
  streamerId: string,
  input: GoalCreateInput,
  now = new Date(),
): Promise<Goal> {
  const endsAt = parseEnd(input.ends_at, now);
  const created = await db.transaction(async (tx) => {
    // Two quick "start goal" clicks queue here instead of racing the one-open-goal index.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`goal:${streamerId}`}, 0))`,
    );
    await tx
      .update(goals)
      .set({ closedAt: sql`now()` })
      .where(and(eq(goals.streamerId, streamerId), isNull(goals.closedAt)));
    const [row] = await tx
      .insert(goals)
      .values({ streamerId, title: input.title, targetPaise: input.target_paise, endsAt })
      .returning();
    if (!row) throw new Error('goal insert returned nothing');
    return row;
  });
  return withProgress(db, created, now);
}

/** Changes the open goal's title, target or end; its start (and so its progress) stays. */
export async function updateGoal(
  db: Database,
  streamerId: string,
  input: GoalUpdateInput,
  now = new Date(),
): Promise<Goal> {
  const changes: Partial<typeof goals.$inferInsert> = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.target_paise !== undefined) changes.targetPaise = input.target_paise;
  if (input.ends_at !== undefined) changes.endsAt = parseEnd(input.ends_at, now);
  const [updated] =
    Object.keys(changes).length === 0
      ? await db
          .select()
          .from(goals)
          .where(and(eq(goals.streamerId, streamerId), isNull(goals.closedAt)))
      : await db
          .update(goals)
          .set(changes)
          .where(and(eq(goals.streamerId, streamerId), isNull(goals.closedAt)))
          .returning();
  if (!updated) throw notFound(GOAL_MESSAGES.noActiveGoal, 'goal_not_found');
  return withProgress(db, updated, now);
}

/** Removes the open goal from the page and widgets (the row stays, closed). */
export async function closeGoal(db: Database, streamerId: string): Promise<void> {
  const closed = await db
    .update(goals)
    .set({ closedAt: sql`now()` })
    .where(and(eq(goals.streamerId, streamerId), isNull(goals.closedAt)))
    .returning({ id: goals.id });
  if (closed.length === 0) throw notFound(GOAL_MESSAGES.noActiveGoal, 'goal_not_found');
}
