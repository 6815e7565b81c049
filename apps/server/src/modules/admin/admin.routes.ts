import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { brandColorSchema, slugSchema } from '@shabaash/core';
import { notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { requireAdmin } from '../../policies/access.ts';
import { findUserByEmail } from '../auth/auth.service.ts';
import {
  createStreamer,
  findStreamerBySlug,
  grantMembership,
  revokeMembership,
} from '../streamers/streamers.service.ts';

const createStreamerSchema = z.object({
  slug: slugSchema,
  name: z
    .string()
    .trim()
    .min(1, 'Please enter a name.')
    .max(80, 'Name must be at most 80 characters.'),
  brand_color: brandColorSchema.default('#2563eb'),
  owner_email: z.email('Please enter a valid email address.').optional(),
});
const memberSchema = z.object({
  email: z.email('Please enter a valid email address.'),
  is_admin: z.boolean().default(false),
});
const slugParams = z.object({ slug: z.string().min(1).max(100) });

/** The admin console's APIs (site admins only); the CLI calls the same services. */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  const db = app.database.db;

  app.post('/api/admin/streamers', async (request, reply) => {
    await requireAdmin(request);
    const input = parseInput(createStreamerSchema, request.body);
    const streamer = await createStreamer(db, {
      slug: input.slug,
      name: input.name,
      brandColor: input.brand_color,
      ownerEmail: input.owner_email?.trim().toLowerCase(),
    });
    reply.status(201);
    return {
      streamer: {
        id: streamer.id,
        slug: streamer.slug,
        name: streamer.name,
        brand_color: streamer.brandColor,
      },
    };
  });

  app.post('/api/admin/streamers/:slug/members', async (request, reply) => {
    await requireAdmin(request);
    const { slug } = parseInput(slugParams, request.params);
    const input = parseInput(memberSchema, request.body);
    const { streamerId, userId } = await findStreamerAndUser(slug, input.email);
    await grantMembership(db, { streamerId, userId, isAdmin: input.is_admin });
    return reply.status(204).send();
  });

  app.delete('/api/admin/streamers/:slug/members/:email', async (request, reply) => {
    await requireAdmin(request);
    const { slug, email } = parseInput(slugParams.extend({ email: z.string() }), request.params);
    const pair = await findStreamerAndUser(slug, email);
    if (!(await revokeMembership(db, pair)))
      throw notFound('This user is not a member.', 'not_a_member');
    return reply.status(204).send();
  });

  async function findStreamerAndUser(slug: string, email: string) {
    const streamer = await findStreamerBySlug(db, slug);
    if (!streamer) throw notFound('This streamer does not exist.', 'streamer_not_found');
    const user = await findUserByEmail(db, email);
    if (!user) throw notFound('No account uses this e-mail yet.', 'user_not_found');
    return { streamerId: streamer.id, userId: user.id };
  }
};
