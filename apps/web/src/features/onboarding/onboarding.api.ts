import type { CreatePageRequest, CreatedPage, SlugAvailability } from '@shabaash/core';

import { apiFetch } from '../../lib/api';

/** Whether a page could be created at `slug` now, and if not, why (format, reserved, taken). */
export function fetchSlugAvailability(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<SlugAvailability> {
  return apiFetch<SlugAvailability>(`/api/slug-availability?slug=${encodeURIComponent(slug)}`, {
    token,
    signal,
  });
}

/** Creates a page owned by the signed-in (verified) account. */
export function createPageRequest(input: CreatePageRequest, token: string): Promise<CreatedPage> {
  return apiFetch<CreatedPage>('/api/me/streamers', { method: 'POST', body: input, token });
}
