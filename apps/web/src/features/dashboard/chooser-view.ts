import type { AccessibleStreamer, AuthUser } from '@shabaash/core';

/** What /dashboard shows for a user's list of accessible streamers (spec 02 §2). */
export type ChooserView =
  | { kind: 'redirect'; slug: string }
  | { kind: 'empty' }
  | { kind: 'list'; isAdmin: boolean; streamers: AccessibleStreamer[] };

/**
 * Admins (role admin, or admin of a listed streamer, spec 02 §6) always get the list. A user
 * whose only access is one ordinary membership goes straight to that dashboard: the spec did it
 * for three named streamers, and streamers are data here, so it holds for every streamer.
 */
export function chooseDashboardView(
  user: Pick<AuthUser, 'role'>,
  streamers: AccessibleStreamer[],
): ChooserView {
  const isAdmin = user.role === 'admin' || streamers.some((streamer) => streamer.is_admin);
  const [only] = streamers;
  if (streamers.length === 1 && only && !isAdmin)
    return { kind: 'redirect', slug: only.streamer_slug };
  if (streamers.length === 0) return { kind: 'empty' };
  return { kind: 'list', isAdmin, streamers };
}
