import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  SITE_MESSAGES,
  contactRequestSchema,
  leadRequestSchema,
  type InboxLeadList,
  type InboxMessageList,
  type SiteConfig,
  type VideoUrlResponse,
} from '@shabaash/core';
import { z } from 'zod';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAdmin } from '../../policies/access.ts';
import { actorOf, recordAudit } from '../settings/settings-audit.service.ts';
import { listActiveStreamerSlugs } from '../streamers/streamers.repository.ts';
import { BackgroundTasks } from './background-tasks.ts';
import { createContactMailer } from './contact-mailer.ts';
import { listContactMessages, listLeads, toCsv } from './site-inbox.ts';
import {
  createLead,
  getSiteConfig,
  getVideoUrl,
  markContactMessageEmailed,
  saveContactMessage,
} from './site.service.ts';
import { buildRobotsTxt, buildSitemapXml } from './sitemap.ts';

/**
 * Form posts per address per window. Real people send one; the allowance is generous because many
 * Indian mobile users share one carrier-grade NAT address.
 */
const FORM_POSTS_PER_WINDOW = 10;
const FORM_WINDOW_MS = 10 * 60_000;

/**
 * Body limits: a lead is under 800 characters and a contact message under 5,400, so even with
 * every character escaped as `\uXXXX` they fit in 5 and 33 KB. The lead's room to spare lets a
 * pasted 10 kB name get the form's own message; anything larger is refused (413).
 */
const LEAD_ROUTE = { bodyLimit: 16 * 1024 };
const CONTACT_ROUTE = { bodyLimit: 40 * 1024 };

/** The admin inbox lists this many rows unless asked for fewer; a CSV export takes them all. */
const INBOX_DEFAULT_LIMIT = 200;
const INBOX_MAX_LIMIT = 1000;
const CSV_MAX_ROWS = 100_000;
const inboxQuery = z.object({
  limit: z.coerce.number().int().min(1).max(INBOX_MAX_LIMIT).default(INBOX_DEFAULT_LIMIT),
});

const LEAD_CSV_COLUMNS = [
  'created_at',
  'name',
  'email',
  'mobile_number',
  'youtube_channel',
  'instagram_handle',
  'plan',
] as const;
const CONTACT_CSV_COLUMNS = [
  'created_at',
  'name',
  'email',
  'phone',
  'message',
  'emailed_at',
] as const;

/** Site maps change when a streamer is added; an hour of caching is plenty. */
const SITEMAP_CACHE = 'public, max-age=3600';

/**
 * The marketing site's API (spec 01 §7 calls 1–3): background video, sign-up leads and contact
 * messages; the admins' inbox of both (JSON and CSV); the XML site map and robots.txt.
 */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const formLimit = (name: string) =>
    defineRateLimit(app, {
      name,
      max: FORM_POSTS_PER_WINDOW,
      windowMs: FORM_WINDOW_MS,
      message: SITE_MESSAGES.tooManyRequests,
    });
  const leadPosts = formLimit('lead-posts');
  const contactPosts = formLimit('contact-posts');
  const mailer = createContactMailer(app.config);
  const background = new BackgroundTasks(app.log);

  app.addHook('onClose', async () => {
    await background.drain();
    mailer?.close();
  });

  app.get('/api/site/video-url', async (_request, reply): Promise<VideoUrlResponse> => {
    reply.header('cache-control', 'public, max-age=300');
    return { videoUrl: await getVideoUrl(db) };
  });

  /** The status page's default streamer and the footer's social links. */
  app.get('/api/site/config', async (_request, reply): Promise<SiteConfig> => {
    reply.header('cache-control', 'public, max-age=300');
    return getSiteConfig(db);
  });

  app.post('/api/site/leads', LEAD_ROUTE, async (request, reply) => {
    await leadPosts.consume(request, reply);
    const lead = parseInput(leadRequestSchema, request.body);
    const { id } = await createLead(db, app.personalData, lead);
    reply.status(201);
    return { id };
  });

  app.post('/api/site/contact', CONTACT_ROUTE, async (request, reply) => {
    await contactPosts.consume(request, reply);
    const input = parseInput(contactRequestSchema, request.body);
    // Stored first: whatever happens to the e-mail, the message is not lost.
    const message = await saveContactMessage(db, app.personalData, input);
    if (mailer) {
      const failure = 'contact e-mail not sent; the message is stored';
      background.run(failure, { contactMessageId: message.id }, async () => {
        await mailer.send(message);
        await markContactMessageEmailed(db, message.id);
      });
    }
    reply.status(201);
    return { id: message.id };
  });

  // ── admin inbox (issue 9, item 8): leads and contact messages, newest first ───────────────

  /** Every admin look at people's contact details is written to the audit log (issue 29). */
  async function auditPersonalDataView(request: FastifyRequest, what: string): Promise<void> {
    const viewer = await requireAdmin(request);
    await recordAudit(db, {
      streamerId: null,
      actor: actorOf(viewer),
      changes: [
        { section: 'personal_data', field: `viewed:${what}`, oldValue: null, newValue: null },
      ],
    });
  }

  app.get('/api/admin/leads', async (request): Promise<InboxLeadList> => {
    await auditPersonalDataView(request, 'leads');
    const { limit } = parseInput(inboxQuery, request.query);
    return { leads: await listLeads(db, app.personalData, limit) };
  });

  app.get('/api/admin/contact-messages', async (request): Promise<InboxMessageList> => {
    await auditPersonalDataView(request, 'contact_messages');
    const { limit } = parseInput(inboxQuery, request.query);
    return { messages: await listContactMessages(db, app.personalData, limit) };
  });

  app.get('/api/admin/leads.csv', async (request, reply) => {
    await auditPersonalDataView(request, 'leads_csv');
    const csv = toCsv(await listLeads(db, app.personalData, CSV_MAX_ROWS), LEAD_CSV_COLUMNS);
    return sendCsv(reply, csv, 'shabaash-leads.csv');
  });

  app.get('/api/admin/contact-messages.csv', async (request, reply) => {
    await auditPersonalDataView(request, 'contact_messages_csv');
    const csv = toCsv(
      await listContactMessages(db, app.personalData, CSV_MAX_ROWS),
      CONTACT_CSV_COLUMNS,
    );
    return sendCsv(reply, csv, 'shabaash-contact-messages.csv');
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const xml = buildSitemapXml(app.config.publicUrl, await listActiveStreamerSlugs(db));
    return reply
      .header('cache-control', SITEMAP_CACHE)
      .type('application/xml; charset=utf-8')
      .send(xml);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', SITEMAP_CACHE)
      .type('text/plain; charset=utf-8')
      .send(buildRobotsTxt(app.config.publicUrl)),
  );
};

function sendCsv(reply: FastifyReply, csv: string, filename: string) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .type('text/csv; charset=utf-8')
    .send(csv);
}
