import type { GoalCreateRequest, GoalResponse, GoalUpdateRequest } from '@shabaash/core';

import { apiFetch } from '../../lib/api';

const goalPath = (slug: string) => `/api/streamers/${encodeURIComponent(slug)}/goal`;

/** The streamer's open goal with its progress (public), or `{ goal: null }`. */
export function fetchGoal(slug: string, signal?: AbortSignal): Promise<GoalResponse> {
  return apiFetch<GoalResponse>(goalPath(slug), { signal });
}

/** Starts a new goal now, replacing the open one (members and admins). */
export function startGoal(slug: string, goal: GoalCreateRequest, token: string) {
  return apiFetch<GoalResponse>(goalPath(slug), { method: 'POST', body: goal, token });
}

/** Edits the open goal, keeping its progress. */
export function editGoal(slug: string, changes: GoalUpdateRequest, token: string) {
  return apiFetch<GoalResponse>(goalPath(slug), { method: 'PATCH', body: changes, token });
}

export function removeGoal(slug: string, token: string) {
  return apiFetch<undefined>(goalPath(slug), { method: 'DELETE', token });
}
