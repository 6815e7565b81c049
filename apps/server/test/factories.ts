import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { streamers } from '../src/db/schema.ts';
import { registerUser } from '../src/modules/auth/auth.service.ts';
import { grantMembership } from '../src/modules/streamers/streamers.service.ts';

const unique = () => crypto.randomBytes(4).toString('hex');

/** Creates a user through the real service; returns it with its password. */
export async function buildUser(
  db: Database,
  overrides: { email?: string; password?: string; role?: 'admin' | 'streamer' } = {},
) {
  const password = overrides.password ?? 'correct-horse';
  const user = await registerUser(db, {
    email: overrides.email ?? `user-${unique()}@example.com`,
    password,
    role: overrides.role ?? 'streamer',
  });
  return { ...user, password };
}

/** Creates a streamer row; members are added with `memberIds`. */
export async function buildStreamer(
  db: Database,
  overrides: Partial<typeof streamers.$inferInsert> & { memberIds?: string[] } = {},
) {
  const { memberIds = [], ...values } = overrides;
  const slug = values.slug ?? `streamer-${unique()}`;
  const [streamer] = await db
    .insert(streamers)
    .values({ name: `Streamer ${slug}`, brandColor: '#2563eb', ...values, slug })
    .returning();
  if (!streamer) throw new Error('streamer not created');
  for (const userId of memberIds) {
    await grantMembership(db, { streamerId: streamer.id, userId, isAdmin: false });
  }
  return streamer;
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
