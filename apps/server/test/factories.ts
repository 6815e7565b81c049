import crypto from 'node:crypto';
import type { MailLocale, PlanId } from '@shabaash/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { slugAliases, streamers } from '../src/db/schema.ts';
import { registerUser } from '../src/modules/auth/auth.service.ts';
import { grantPlan } from '../src/modules/plans/plans.service.ts';
import { grantMembership } from '../src/modules/streamers/streamers.service.ts';

const unique = () => crypto.randomBytes(4).toString('hex');

/**
 * Creates a user through the real service; returns it with its password. Verified unless
 * `isEmailVerified: false` (a sign-up whose link was not opened yet).
 */
export async function buildUser(
  db: Database,
  overrides: {
    email?: string;
    password?: string;
    role?: 'admin' | 'streamer';
    isEmailVerified?: boolean;
    locale?: MailLocale;
  } = {},
) {
  const password = overrides.password ?? 'correct-horse';
  const user = await registerUser(db, {
    email: overrides.email ?? `user-${unique()}@example.com`,
    password,
    role: overrides.role ?? 'streamer',
    isEmailVerified: overrides.isEmailVerified ?? true,
    locale: overrides.locale ?? 'en',
  });
  return { ...user, password };
}

/**
 * Creates a streamer row; members are added with `memberIds`. Like the demo streamers it holds
 * the Complete Bundle (live, every tip type) unless `planIds` says otherwise: `planIds: []`
 * makes a page in preview. Plans are granted through the real plans service.
 */
export async function buildStreamer(
  db: Database,
  overrides: Partial<typeof streamers.$inferInsert> & {
    memberIds?: string[];
    planIds?: PlanId[];
  } = {},
) {
  const { memberIds = [], planIds = ['complete-bundle'], ...values } = overrides;
  const slug = values.slug ?? `streamer-${unique()}`;
  const [streamer] = await db
    .insert(streamers)
    .values({ name: `Streamer ${slug}`, brandColor: '#2563eb', ...values, slug })
    .returning();
  if (!streamer) throw new Error('streamer not created');
  for (const userId of memberIds) {
    await grantMembership(db, { streamerId: streamer.id, userId, isAdmin: false });
  }
  for (const planId of planIds) {
    await grantPlan(db, { streamerId: streamer.id, planId, source: 'admin' });
  }
  return streamer;
}

/** Makes `alias` an old spelling of a streamer's slug (it then resolves to the streamer). */
export async function buildSlugAlias(db: Database, streamerId: string, alias: string) {
  await db.insert(slugAliases).values({ alias, streamerId });
}

/** Logs in over HTTP and returns the bearer header for later requests. */
export async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    // Each sign-in from its own address, so tests never trip the per-IP login limit.
    remoteAddress: randomTestIp(),
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  const token = response.json().session.access_token as string;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

let nextTestIp = crypto.randomInt(0, 1_000_000);
/** A fresh private address for each call, so per-IP limits see a new client every time. */
export function randomTestIp(): string {
  nextTestIp += 1;
  return `10.${(nextTestIp >> 16) & 255}.${(nextTestIp >> 8) & 255}.${nextTestIp & 255}`;
}
