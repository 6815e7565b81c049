import { localized, t } from '../../i18n/i18n';

/** Spec 02 §2, §7 and §8: the Test Alert page's words, in the signed-in user's language. */
export const TEST_ALERTS_TEXT = /* @__PURE__ */ localized('testAlerts', {
  title: 'Test Alerts',
  description: 'Send a test alert to check that your OBS overlay is listening before you go live.',
  slugLabel: 'Streamer Slug',
  slugHint: 'The name in your donation page link, e.g. techgamer for /techgamer.',
  slugRequired: 'Please enter a streamer slug.',
  send: 'Send Test Alert',
  sending: 'Sending...',
  howItWorksTitle: 'Before you send',
  howItWorks:
    'Your alerts page must be open in another browser tab or added to your streaming software (OBS, Streamlabs) as a browser source, or there is nothing to show the alert.',
  overlayUrlLabel: 'Your alerts page:',
  tokenHint: 'Copy the full link with your token from the OBS Setup tab of your dashboard.',
  openDashboard: 'Open dashboard',
  loadingSession: 'Checking your session…',
} as const);

/** The slug field's value when the user has no streamer of their own (spec 02 §2). */
export const FALLBACK_TEST_SLUG = 'demostreamer';

/** 'Test alert sent! Active connections: n' (spec 02 §7). */
export function testAlertSentMessage(activeConnections: number): string {
  return t(
    'testAlerts.sentFn',
    { activeConnections },
    `Test alert sent! Active connections: ${String(activeConnections)}`,
  );
}

/** 'Failed to test alert: message' (spec 02 §8). */
export function testAlertFailedMessage(message: string): string {
  return t('testAlerts.failedFn', { message }, `Failed to test alert: ${message}`);
}
