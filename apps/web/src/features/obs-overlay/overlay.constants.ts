import { DEFAULT_ALERT_TEMPLATE, OVERLAY_MESSAGES } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

import type { StreamStatus } from './overlay-stream';

/** Every word the overlay shows: the spec's token messages (shared with the server) and ours. */
export const OVERLAY_TEXT = localized('overlay', {
  ...OVERLAY_MESSAGES,
  testBadge: 'Test alert',
  /** A tip "paid" through the built-in sandbox gateway: no money moved. */
  sandboxBadge: 'Sandbox · test payment',
  voiceMessage: 'Voice message',
} as const);

/** The small corner indicator's words; nothing shows while connected. */
export const CONNECTION_TEXT: Partial<Record<StreamStatus, string>> = localized(
  'overlay.connection',
  {
    connecting: 'Connecting…',
    reconnecting: 'Reconnecting…',
    'max-retries': 'Max retries exceeded',
    revoked: 'OBS token no longer valid',
  },
);

/**
 * The alert line's template in the overlay's language: a streamer who kept the built-in
 * '{name} tipped {amount}' gets it in the overlay's language; their own words stay as written.
 */
export function alertTemplateIn(template: string): string {
  if (template !== DEFAULT_ALERT_TEMPLATE) return template;
  // The placeholders go back in as text, for renderAlertTemplate to fill in.
  return t(
    'overlay.defaultTemplateFn',
    { name: '{name}', amount: '{amount}' },
    DEFAULT_ALERT_TEMPLATE,
  );
}
