import { OVERLAY_MESSAGES } from '@shabaash/core';

import type { StreamStatus } from './overlay-stream';

/** Every word the overlay shows: the spec's token messages (shared with the server) and ours. */
export const OVERLAY_TEXT = {
  ...OVERLAY_MESSAGES,
  testBadge: 'Test alert',
  /** A tip "paid" through the built-in sandbox gateway: no money moved. */
  sandboxBadge: 'Sandbox · test payment',
  voiceMessage: 'Voice message',
} as const;

/** The small corner indicator's words; nothing shows while connected. */
export const CONNECTION_TEXT: Partial<Record<StreamStatus, string>> = {
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  'max-retries': 'Max retries exceeded',
  revoked: 'OBS token no longer valid',
};
