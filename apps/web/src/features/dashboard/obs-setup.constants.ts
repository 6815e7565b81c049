import { localized, t } from '../../i18n/i18n';

/** Spec 02 §9: how long a Copy button says Copied. */
export const COPY_CONFIRMATION_MS = 2000;

/** The OBS Setup tab's words (spec 02 §2, §4 'OBS token', §7, §8, §9). */
export const OBS_TEXT = /* @__PURE__ */ localized('obs', {
  tokenTitle: 'Your OBS Token',
  tokenDescription:
    'The token in your overlay link lets OBS show your alerts. Keep it private: anyone with the link can show your alerts.',
  loading: 'Loading OBS tokens…',
  loadFailed: 'Failed to load OBS tokens.',
  retry: 'Try Again',
  noActiveToken: 'No active token. Generate one to connect OBS to your alerts.',
  activeBadge: 'Active',
  inactiveBadge: 'Inactive',
  tokenLabel: 'Active token',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'Never used',
  copy: 'Copy',
  /** A secret field is hidden until shown (a streamer's screen may be on stream). */
  show: 'Show',
  hide: 'Hide',
  copied: 'Copied',
  copyToken: 'Copy token',
  copyOverlayUrl: 'Copy overlay URL',
  copyAudioUrl: 'Copy audio player URL',
  copiedToast: 'Copied!',
  copyFailed: 'Failed to copy token to clipboard.',
  generate: 'Generate New Token',
  generating: 'Generating…',
  generatedToast: 'Token Generated',
  generatedToastText: 'Paste the new overlay URL into your OBS browser source.',
  generateFailed: 'Failed to generate new OBS token.',
  generateConfirmTitle: 'Generate a new token?',
  generateConfirmText:
    'Your current overlay link stops working at once. Paste the new link into OBS afterwards.',
  deactivate: 'Deactivate',
  deactivating: 'Deactivating…',
  deactivatedToast: 'Token Deactivated',
  deactivateFailed: 'Failed to deactivate token.',
  deactivateConfirmTitle: 'Deactivate this token?',
  deactivateConfirmText:
    'Overlays using it stop showing alerts at once. You can generate a new token at any time.',
  cancel: 'Cancel',
  authRequiredTitle: 'Authentication Required',
  generateAuthRequired: 'Please log in to generate OBS tokens.',
  previousTitle: 'Previous Tokens',
  previousDescription: 'Your last three tokens. They no longer work.',
  stillTried:
    'An overlay still uses this old token and shows nothing on stream. Copy the new overlay URL into that OBS browser source.',
  urlsTitle: 'Add the overlay to OBS',
  urlsDescription:
    'In OBS, add a Browser source and paste the overlay URL. Width 1920, height 1080 (800 × 600 also works).',
  overlayUrlLabel: 'Alert overlay URL',
  overlayUrlHint: 'Browser source size: 1920 × 1080. 800 × 600 also works.',
  overlayUrlNeedsToken: 'Generate a token to get your overlay URL.',
  audioUrlLabel: 'Audio player URL',
  audioUrlHint:
    'Voice messages play on stream in the alert overlay, after the alert sound, and tips are read aloud there too: you need no second source for them. This page is for listening back in a browser tab; while an overlay is open it never starts a clip by itself, so each is heard once.',
  testTitle: 'Test your overlay',
  testDescription:
    'Sends a test alert to every open overlay, so you can check it before going live.',
  sendTest: 'Send Test Alert',
  sendingTest: 'Sending...',
  liveUnknown: 'Waiting for the live connection…',
} as const);

/** 'Test alert sent! Active connections: n' (spec 02 §7). */
export function testAlertSentText(activeConnections: number): string {
  return t(
    'obs.testAlertSentFn',
    { count: activeConnections },
    `Test alert sent! Active connections: ${String(activeConnections)}`,
  );
}

/** 'Failed to test alert: message' (spec 02 §8). */
export function testAlertFailedText(message: string): string {
  return t('obs.testAlertFailedFn', { message }, `Failed to test alert: ${message}`);
}
