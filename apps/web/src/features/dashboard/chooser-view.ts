import type { AccessibleStreamer, AuthUser } from '@shabaash/core';

/**
 * What /dashboard shows for a user's list of accessible streamers (spec 02 §2). `isSiteAdmin`
 * alone earns the "Admin Dashboard" title and the every-dashboard text: only a site admin can
 * open every streamer. An admin of one streamer (membership `is_admin`) administers that one.
 */
export type ChooserView =
  | { kind: 'redirect'; slug: string }
  | { kind: 'empty' }
  | { kind: 'list'; isSiteAdmin: boolean; streamers: AccessibleStreamer[] };

/**
 * Site admins and member-admins always get the list (spec 02 §6). A user whose only access is
 * one ordinary membership goes straight to that dashboard: the spec did it for three named
 * streamers, and streamers are data here, so it holds for every streamer.
 */
export function chooseDashboardView(
  user: Pick<AuthUser, 'role'>,
  streamers: AccessibleStreamer[],
): ChooserView {
  const isSiteAdmin = user.role === 'admin';
  const [only] = streamers;
  if (streamers.length === 1 && only && !isSiteAdmin && !only.is_admin)
    return { kind: 'redirect', slug: only.streamer_slug };
  if (streamers.length === 0) return { kind: 'empty' };
  return { kind: 'list', isSiteAdmin, streamers };
}
