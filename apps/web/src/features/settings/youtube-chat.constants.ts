import { YOUTUBE_MESSAGES } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** Every word of Settings → YouTube chat (issue 30). */
export const YOUTUBE_TEXT = /* @__PURE__ */ localized('youtube', {
  tab: 'YouTube chat',
  title: 'Tips in your YouTube live chat',
  description:
    'While you are live on YouTube, each paid tip at or above your minimum is posted to your live chat as a message from your channel. YouTube has no way for apps to create Super Chats, so it is a normal chat message.',
  unavailable: { ...YOUTUBE_MESSAGES.unavailable },
  notConnected: 'No YouTube channel is connected.',
  connect: 'Connect YouTube',
  connecting: 'Opening Google…',
  connectedAs: (title: string) => t('youtube.connectedAsFn', { title }, `Connected: ${title}`),
  revoked: 'Access to this channel was removed in Google. Connect it again to post tips.',
  reconnect: 'Connect again',
  disconnect: 'Disconnect',
  disconnecting: 'Disconnecting…',
  disconnected: 'YouTube disconnected.',
  connected: 'YouTube connected.',
  finishing: 'Finishing the YouTube connection…',
  denied: YOUTUBE_MESSAGES.denied,
  invalidReturn: YOUTUBE_MESSAGES.invalidState,
  enabledLabel: 'Post paid tips to my live chat',
  minAmountLabel: 'Minimum tip to post (₹)',
  minAmountHint: 'Smaller tips still show on stream, not in chat.',
  templateHiLabel: 'Chat message, Hindi',
  templateEnLabel: 'Chat message, English (Hinglish too)',
  templateHint: () =>
    t(
      'youtube.templateHintFn',
      { amount: '{amount}', name: '{name}', message: '{message}' },
      'Use {amount}, {name} and {message}. Messages are cleaned like the overlay’s, blocked words are left out, and the whole is cut to 200 characters.',
    ),
  lastError: 'Last problem',
  errors: { ...YOUTUBE_MESSAGES.errors },
  quota: (used: number, share: number) =>
    t(
      'youtube.quotaFn',
      { used, share },
      `YouTube quota used today: ${used} of your ${share} units (it resets at midnight Pacific time).`,
    ),
  loading: 'Loading YouTube chat…',
  loadError: 'YouTube chat could not be loaded.',
  retry: 'Try again',
  rupeesInvalid: 'Please enter the minimum in rupees, e.g. 100.',
} as const);
