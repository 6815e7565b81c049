import type { FastifyPluginAsync } from 'fastify';
import {
  ONBOARDING_MESSAGES,
  createPageRequestSchema,
  slugAvailabilityQuerySchema,
  type CreatedPage,
  type SlugAvailability,
  type StreamerDashboardSummary,
} from '@shabaash/core';
import { z } from 'zod';
import { defineRateLimit } from '../../lib/rate-limits.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess, requireUser, requireVerifiedEmail } from '../../policies/access.ts';
import { actorOf, recordAudit } from '../settings/settings-audit.service.ts';
import { checkSlugAvailability, createOwnPage } from './streamers.service.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });

/** Live address checks while a creator types (debounced by the page), per address per minute. */
const SLUG_CHECKS_PER_MINUTE = 60;
/** Page creations per address per hour; an account also owns at most MAX_OWN_PAGES. */
const PAGE_CREATIONS_PER_HOUR = 10;

export const streamerRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;
  const slugChecks = defineRateLimit(app, {
    name: 'slug-availability',
    max: SLUG_CHECKS_PER_MINUTE,
    windowMs: 60_000,
  });
  const pageCreations = defineRateLimit(app, {
    name: 'page-create',
    max: PAGE_CREATIONS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    message: ONBOARDING_MESSAGES.tooManyPageRequests,
  });

  /** "Create your page": is this address free, and if not, why. */
  app.get('/api/slug-availability', async (request, reply): Promise<SlugAvailability> => {
    await requireUser(request);
    const { slug } = parseInput(slugAvailabilityQuerySchema, request.query);
    await slugChecks.consume(request, reply);
    return checkSlugAvailability(db, slug);
  });

  /**
   * "Create your page" (issue 22): a verified creator makes a page and owns it at once. It starts
   * without a plan, in preview: its owner can open it, set up OBS and send test alerts.
   */
  app.post('/api/me/streamers', async (request, reply): Promise<CreatedPage> => {
    const viewer = await requireUser(request);
    requireVerifiedEmail(viewer);
    const input = parseInput(createPageRequestSchema, request.body);
    await pageCreations.consume(request, reply);
    const created = await db.transaction(async (tx) => {
      const streamer = await createOwnPage(tx, {
        ownerId: viewer.id,
        slug: input.slug,
        name: input.name,
        brandColor: input.brand_color,
      });
      await recordAudit(tx, {
        streamerId: streamer.id,
        actor: actorOf(viewer),
        changes: [
          {
            section: 'owner',
            field: 'streamer_created',
            oldValue: null,
            newValue: {
              slug: streamer.slug,
              name: streamer.name,
              brand_color: streamer.brandColor,
            },
          },
        ],
      });
      return streamer;
    });
    reply.status(201);
    return {
      streamer: {
        id: created.id,
        slug: created.slug,
        name: created.name,
        brand_color: created.brandColor,
      },
    };
  });

  /** What the dashboard header needs; also the probe the dashboard uses for its access states. */
  app.get('/api/streamers/:slug/dashboard', async (request): Promise<StreamerDashboardSummary> => {
    const { slug } = parseInput(slugParams, request.params);
    const { streamer, isAdmin, viewer } = await requireStreamerAccess(request, slug);
    return {
      streamer: {
        id: streamer.id,
        slug: streamer.slug,
        name: streamer.name,
        brand_color: streamer.brandColor,
      },
      viewer: { is_admin: isAdmin, is_site_admin: viewer.role === 'admin' },
    };
  });
};
