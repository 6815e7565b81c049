import type { FastifyInstance } from 'fastify';
import { buildStreamer, buildUser, signIn } from '../../../test/factories.ts';
import type { TestApp } from '../../../test/test-app.ts';

export type Headers = Record<string, string>;

/**
 * Two streamers with an owner each, and a site admin: the cast of every authorisation test.
 * `owner` owns `slug`; `stranger` owns `otherSlug` only.
 */
export async function buildSettingsCast(testApp: TestApp, slug: string, otherSlug: string) {
  const db = testApp.database.db;
  const owner = await buildUser(db);
  const stranger = await buildUser(db);
  const admin = await buildUser(db, { role: 'admin' });
  const streamer = await buildStreamer(db, { slug, memberIds: [owner.id], moderationMode: 'auto' });
  await buildStreamer(db, { slug: otherSlug, memberIds: [stranger.id] });
  const headersOf = async (user: { email: string; password: string }) =>
    (await signIn(testApp.app, user.email, user.password)).headers;
  return {
    streamer,
    owner,
    admin,
    ownerHeaders: await headersOf(owner),
    strangerHeaders: await headersOf(stranger),
    adminHeaders: await headersOf(admin),
  };
}

export function patchSettings(
  app: FastifyInstance,
  slug: string,
  payload: unknown,
  headers: Headers,
) {
  return app.inject({
    method: 'PATCH',
    url: `/api/streamers/${slug}/settings`,
    payload: payload as object,
    headers,
  });
}

/** The admin's view of the audit log for one streamer, newest first. */
export async function auditOf(app: FastifyInstance, slug: string, adminHeaders: Headers) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/admin/audit?streamer=${slug}`,
    headers: adminHeaders,
  });
  if (response.statusCode !== 200) throw new Error(`audit failed: ${response.body}`);
  return response.json().entries as Array<{
    field: string;
    section: string;
    actor_email: string;
    old_value: unknown;
    new_value: unknown;
  }>;
}
