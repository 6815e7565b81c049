import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../lib/validation.ts';
import { requireStreamerAccess } from '../../policies/access.ts';

const slugParams = z.object({ slug: z.string().min(1).max(100) });

export const streamerRoutes: FastifyPluginAsync = async (app) => {
  /** What the dashboard header needs; also the probe the dashboard uses for its access states. */
  app.get('/api/streamers/:slug/dashboard', async (request) => {
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
