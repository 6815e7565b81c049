import type { GoalCreateRequest, GoalUpdateRequest } from '@shabaash/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { useSession } from '../auth/use-session';
import { editGoal, removeGoal, startGoal } from './goals.api';
import { goalQueryKeys } from './goals.queries';

/** Goal changes from the dashboard; every one re-reads the goal afterwards. */
export function useGoalMutations(slug: string) {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const requireToken = () => {
    if (!token) throw new Error('Not signed in.');
    return token;
  };
  const onSettled = () => queryClient.invalidateQueries({ queryKey: goalQueryKeys.goal(slug) });
  return {
    start: useMutation({
      mutationFn: (goal: GoalCreateRequest) => startGoal(slug, goal, requireToken()),
      onSettled,
    }),
    edit: useMutation({
      mutationFn: (changes: GoalUpdateRequest) => editGoal(slug, changes, requireToken()),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: () => removeGoal(slug, requireToken()),
      onSettled,
    }),
  };
}
