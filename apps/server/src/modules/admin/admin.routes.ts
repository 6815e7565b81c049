import type { Streamer } from '../../db/schema.ts';
import type { FastifyPluginAsync } from 'fastify';
import {
  createStreamerRequestSchema,
  memberRequestSchema,
  siteConfigSchema,
  videoUrlRequestSchema,
  type AdminStreamerList,
  type AdminStreamerResponse,
  type AdminVideoUrl,
  type AuditList,
  type CreatedStreamer,
  type MemberInviteResponse,
  type SiteConfig,
} from '@shabaash/core';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAdmin } from '../../policies/access.ts';
import { findUserByEmail, normalizeEmail } from '../auth/auth.service.ts';
import {
  createInvite,
  inviteUrl,
  presentNewInvite,
  revokeInvite,
} from '../invites/invites.service.ts';
import { composeMail } from '../mail/mail-texts.ts';
import { BackgroundTasks } from '../site/background-tasks.ts';
import { actorOf, listAudit, recordAudit } from '../settings/settings-audit.service.ts';
import { setStreamerActive } from '../settings/settings.service.ts';
import { setSiteConfig, setVideoUrl } from '../settings/site-settings.service.ts';
import { getSiteConfig, getVideoUrl } from '../site/site.service.ts';
import {
  createStreamer,
  findStreamerBySlug,
  revokeMembership,
} from '../streamers/streamers.service.ts';
import { findPageOwnerLocale } from '../streamers/streamers.repository.ts';
import { getStreamerSummary, searchStreamers } from './admin.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });
const searchQuery = z.object({
  q: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
const auditQuery = z.object({
  streamer: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().positive().optional(),
});

/** The admin console's APIs (site admins only); the CLI calls the same services. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const background = new BackgroundTasks(app.log);
  app.addHook('onClose', () => background.drain());

  /**
   * Mails an invite's one-time link to the invited address, after the reply: the console shows
   * the link too, so a lost mail (only logged) never loses the invite. It is written in the
   * invited account's language, or for an address without an account in the page owner's.
   */
  const mailInvite = (input: { to: string; streamer: Streamer; url: string; expiresAt: Date }) => {
    background.run('invite e-mail not sent', {}, async () => {
      const locale =
        (await findUserByEmail(db, input.to))?.locale ??
        (await findPageOwnerLocale(db, input.streamer.id)) ??
        'en';
      const mail = composeMail('invite', locale, {
        streamerName: input.streamer.name,
        link: input.url,
        expiresAt: input.expiresAt,
      });
      await app.mailer.send({ to: input.to, ...mail });
    });
  };

  async function requireStreamer(slug: string): Promise<Streamer> {
    const streamer = await findStreamerBySlug(db, slug);
    if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
    return streamer;
  }

  app.get('/api/admin/streamers', async (request): Promise<AdminStreamerList> => {
    await requireAdmin(request);
    const { q, limit } = parseInput(searchQuery, request.query);
    return { streamers: await searchStreamers(db, { query: q, limit }) };
  });

  app.get('/api/admin/streamers/:slug', async (request): Promise<AdminStreamerResponse> => {
    await requireAdmin(request);
    const { slug } = parseInput(slugParams, request.params);
    return { streamer: await getStreamerSummary(db, await requireStreamer(slug)) };
  });

  /**
   * Creates a streamer. The owner's e-mail is sent a one-time link (answered once, here too):
   * the owner becomes a member only by accepting it, signed in with that (verified) address or
   * signing up with it through the link.
   */
  app.post('/api/admin/streamers', async (request, reply) => {
    const viewer = await requireAdmin(request);
    const input = parseInput(createStreamerRequestSchema, request.body);
    const ownerEmail = input.owner_email ? normalizeEmail(input.owner_email) : undefined;
    const { streamer, invite } = await db.transaction(async (tx) => {
      const created = await createStreamer(tx, {
        slug: input.slug,
        name: input.name,
        brandColor: input.brand_color,
      });
      const made = ownerEmail
        ? await createInvite(tx, {
            streamerId: created.id,
            email: ownerEmail,
            isAdmin: false,
            createdBy: viewer.id,
          })
        : null;
      await recordAudit(tx, {
        streamerId: created.id,
        actor: actorOf(viewer),
        changes: [
          {
            section: 'admin',
            field: 'streamer_created',
            oldValue: null,
            newValue: {
              slug: created.slug,
              name: created.name,
              brand_color: created.brandColor,
              owner_email: ownerEmail ?? null,
              owner_invited: made !== null,
            },
          },
        ],
      });
      return { streamer: created, invite: made };
    });
    const ownerInviteUrl = invite ? inviteUrl(app.config.publicUrl, invite.code) : null;
    if (invite && ownerInviteUrl) {
      mailInvite({
        to: invite.invite.email,
        streamer,
        url: ownerInviteUrl,
        expiresAt: invite.invite.expiresAt,
      });
    }
    reply.status(201);
    return {
      streamer: {
        id: streamer.id,
        slug: streamer.slug,
        name: streamer.name,
        brand_color: streamer.brandColor,
      },
      invite: invite && ownerInviteUrl ? presentNewInvite(invite.invite, ownerInviteUrl) : null,
    } satisfies CreatedStreamer;
  });

  /**
   * 201 with a one-time link, whether or not an account uses the e-mail: membership goes only
   * to whoever accepts it signed in with that address (or signs up with it), so an account
   * registered with someone else's e-mail gains nothing (invites.service.ts checks the address).
   */
  app.post('/api/admin/streamers/:slug/members', async (request, reply) => {
    const viewer = await requireAdmin(request);
    const { slug } = parseInput(slugParams, request.params);
    const input = parseInput(memberRequestSchema, request.body);
    const streamer = await requireStreamer(slug);
    const member = { email: input.email, is_admin: input.is_admin };
    const { invite, code } = await db.transaction(async (tx) => {
      const made = await createInvite(tx, {
        streamerId: streamer.id,
        email: input.email,
        isAdmin: input.is_admin,
        createdBy: viewer.id,
      });
      await recordAudit(tx, {
        streamerId: streamer.id,
        actor: actorOf(viewer),
        changes: [
          { section: 'members', field: 'invite_created', oldValue: null, newValue: member },
        ],
      });
      return made;
    });
    reply.status(201);
    const url = inviteUrl(app.config.publicUrl, code);
    mailInvite({ to: invite.email, streamer, url, expiresAt: invite.expiresAt });
    return {
      status: 'invited',
      invite: presentNewInvite(invite, url),
    } satisfies MemberInviteResponse;
  });

  app.delete('/api/admin/streamers/:slug/members/:email', async (request, reply) => {
    const viewer = await requireAdmin(request);
    const { slug, email } = parseInput(slugParams.extend({ email: z.string() }), request.params);
    const streamer = await requireStreamer(slug);
    const user = await findUserByEmail(db, email);
    if (!user) throw notFound('No account uses this e-mail yet.', 'user_not_found');
    await db.transaction(async (tx) => {
      if (!(await revokeMembership(tx, { streamerId: streamer.id, userId: user.id }))) {
        throw notFound('This user is not a member.', 'not_a_member');
      }
      await recordAudit(tx, {
        streamerId: streamer.id,
        actor: actorOf(viewer),
        changes: [
          {
            section: 'members',
            field: 'member_removed',
            oldValue: { email: user.email },
            newValue: null,
          },
        ],
      });
    });
    // Their live dashboards of this streamer close too, on every instance.
    app.realtime.bus.publish({ kind: 'member_removed', streamerId: streamer.id, userId: user.id });
    return reply.status(204).send();
  });

  app.delete('/api/admin/streamers/:slug/invites/:inviteId', async (request, reply) => {
    const viewer = await requireAdmin(request);
    const { slug, inviteId } = parseInput(
      slugParams.extend({ inviteId: z.uuid('Unknown invite.') }),
      request.params,
    );
    const streamer = await requireStreamer(slug);
    await db.transaction(async (tx) => {
      const revoked = await revokeInvite(tx, { streamerId: streamer.id, inviteId });
      if (!revoked) throw notFound('This invite does not exist or was used.', 'invite_not_found');
      await recordAudit(tx, {
        streamerId: streamer.id,
        actor: actorOf(viewer),
        changes: [
          {
            section: 'members',
            field: 'invite_revoked',
            oldValue: { email: revoked.email },
            newValue: null,
          },
        ],
      });
    });
    return reply.status(204).send();
  });

  for (const [action, isActive] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    app.post(`/api/admin/streamers/:slug/${action}`, async (request) => {
      const viewer = await requireAdmin(request);
      const { slug } = parseInput(slugParams, request.params);
      const streamer = await requireStreamer(slug);
      const updated = await setStreamerActive(
        { db, bus: app.realtime.bus },
        {
          streamerId: streamer.id,
          isActive,
          actor: actorOf(viewer),
        },
      );
      return { streamer: await getStreamerSummary(db, updated) } satisfies AdminStreamerResponse;
    });
  }

  app.get('/api/admin/site/video-url', async (request): Promise<AdminVideoUrl> => {
    await requireAdmin(request);
    return { video_url: await getVideoUrl(db) };
  });

  app.put('/api/admin/site/video-url', async (request): Promise<AdminVideoUrl> => {
    const viewer = await requireAdmin(request);
    const { video_url: url } = parseInput(videoUrlRequestSchema, request.body);
    await setVideoUrl(db, { url, actor: actorOf(viewer) });
    return { video_url: await getVideoUrl(db) };
  });

  // The same settings GET /api/site/config shows, read here uncached for the console.
  app.get('/api/admin/site/config', async (request): Promise<SiteConfig> => {
    await requireAdmin(request);
    return getSiteConfig(db);
  });

  app.put('/api/admin/site/config', async (request): Promise<SiteConfig> => {
    const viewer = await requireAdmin(request);
    const config = parseInput(siteConfigSchema, request.body);
    await setSiteConfig(db, { config, actor: actorOf(viewer) });
    return getSiteConfig(db);
  });

  /** Every recorded change, newest first; `streamer` narrows to one, `before` pages back. */
  app.get('/api/admin/audit', async (request): Promise<AuditList> => {
    await requireAdmin(request);
    const query = parseInput(auditQuery, request.query);
    const streamer = query.streamer ? await requireStreamer(query.streamer) : null;
    const entries = await listAudit(db, {
      streamerId: streamer?.id,
      limit: query.limit,
      beforeId: query.before,
    });
    return { entries };
  });
};
