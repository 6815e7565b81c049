import { useQuery } from '@tanstack/react-query';

import { fetchGoal } from './goals.api';

export const goalQueryKeys = {
  goal: (slug: string) => ['streamers', slug, 'goal'] as const,
};

/** The open goal (public); re-read whenever the page is opened again. */
export function useGoal(slug: string) {
  return useQuery({
    queryKey: goalQueryKeys.goal(slug),
    queryFn: ({ signal }) => fetchGoal(slug, signal),
    staleTime: 0,
  });
}
