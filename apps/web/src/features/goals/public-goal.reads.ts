import { usePageRead } from '../../lib/page-reads';
import { fetchGoal } from './goals.api';

/** The key of the donation page's goal read (lib/page-reads.tsx). */
export const publicGoalReadKey = (slug: string) => `streamers/${slug}/goal`;

/**
 * The open goal as the donation page reads it, through the public pages' small read cache
 * rather than TanStack Query (the dashboard's GoalPanel keeps useGoal); re-read on every visit.
 */
export function usePublicGoal(slug: string) {
  return usePageRead(publicGoalReadKey(slug), () => fetchGoal(slug), { staleTime: 0 });
}
