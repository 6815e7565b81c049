import type { VoiceMessagesResponse } from '@shabaash/core';

import { apiFetch } from '../../lib/api';

const voiceMessagesPath = (slug: string) =>
  `/api/streamers/${encodeURIComponent(slug)}/voice-messages`;

/** The streamer's paid, approved voice messages, oldest first. 404 `streamer_not_found`. */
export function fetchVoiceMessages(
  slug: string,
  signal?: AbortSignal,
): Promise<VoiceMessagesResponse> {
  return apiFetch<VoiceMessagesResponse>(voiceMessagesPath(slug), { signal });
}

/** The live stream of new playable voice messages (Server-Sent Events). */
export function voiceMessageEventsUrl(slug: string): string {
  return `${voiceMessagesPath(slug)}/events`;
}
