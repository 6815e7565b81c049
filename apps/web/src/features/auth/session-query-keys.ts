/**
 * Every query that holds a signed-in user's data starts with this key, followed by the user's
 * id, so one user's cached data can never show for another, and sign-out removes it all at once.
 */
export const VIEWER_QUERY_ROOT = 'viewer';

/** A query key for data that belongs to the signed-in user `userId`. */
export function viewerQueryKey(userId: string | undefined, ...parts: readonly unknown[]) {
  return [VIEWER_QUERY_ROOT, userId ?? null, ...parts] as const;
}
