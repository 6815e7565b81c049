/**
 * Texts of the feature showcase (spec 01 §2). Every figure shown on the page is an example and
 * is labelled as one: nothing here claims real traffic or volumes.
 */

import { localized } from '../../../i18n/i18n';
import { entriesOf } from '../marketing.constants';

export const SHOWCASE_TEXT = /* @__PURE__ */ localized('marketing.showcase', {
  eyebrow: 'Features',
  title: 'A tour of Shabaash',
  intro:
    'Everything that happens between a fan pressing “Pay” and your stream saying shabaash — with live demos you can try right here.',
  liveDemo: 'Play the live demo',
  viewAll: 'View all features',
  exampleBadge: 'Example',
  counters: {
    title: 'Demo dashboard',
    note: 'Example figures for this demo, not real data. They tick every 5 seconds.',
    tipsToday: 'Tips today',
    amountToday: 'Received today',
    viewers: 'Viewers watching',
  },
  tabsLabel: 'Feature areas',
  allFeaturesTitle: 'All features',
  comingSoon: 'Coming soon',
  demos: {
    alertTitle: 'Ananya tipped ₹500',
    alertMessage: '“Shabaash! Keep the streams coming 🎉”',
    alertBadge: 'Example alert',
    raining: 'Raining…',
    makeItRain: 'Make it rain',
    recording: 'Recording…',
    tryRecording: 'Try recording',
    recordingNote: 'Demo only: nothing is recorded.',
    recordedNote: 'Example voice note ready to send.',
    obsSource: 'Source',
    obsBrowser: 'Browser',
    obsUrl: 'URL',
    obsSize: 'Width × height',
    obsShutdown: 'Shutdown source when not visible',
    obsOff: 'Off',
    weekdays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'],
    analyticsCaption: 'Example data: tips per day over a week, busiest on weekends.',
  },
  api: {
    viewsLabel: 'API reference views',
    endpoints: 'Endpoints',
    errors: 'Errors',
    errorsText:
      'Every error answers with the right HTTP status and one JSON shape, with a stable code and a message that can be shown to a person:',
  },
} as const);

export type ShowcaseTabId = 'payment' | 'streaming' | 'interactive' | 'technical' | 'admin' | 'api';

export type ShowcaseCard = {
  id: string;
  title: string;
  text: string;
  points?: readonly string[];
  /** Planned, not yet available. */
  comingSoon?: boolean;
  /** A small interactive demo shown in the card. */
  demo?: 'emoji-rain' | 'voice-recording' | 'alert' | 'obs-settings' | 'analytics';
};

/** Each feature area's tab label, heading and cards (the API reference tab lists API_ENDPOINTS). */
const SHOWCASE_TAB_TEXT = /* @__PURE__ */ localized('marketing.showcase.tabs', {
  payment: {
    label: 'Payments',
    title: 'UPI payments that your fans already trust',
    cards: {
      'upi-flow': {
        title: 'UPI Flow',
        text: 'A fan picks an amount, writes a message and pays in the UPI app on their phone. No account, no app to install.',
        points: [
          'Google Pay, PhonePe, Paytm, BHIM and every UPI app',
          'RuPay and Mastercard cards; Visa coming soon',
          'Works on any phone browser',
        ],
      },
      verification: {
        title: 'Real-time Verification',
        text: 'A tip counts only when the payment gateway confirms it to our server with a signed message. What a browser says never marks money as received.',
        points: [
          'Orders move only from pending to success or failed',
          'Every gateway message is recorded once; replays change nothing',
          'Orders left pending are re-checked with the gateway until they settle',
        ],
      },
      integration: {
        title: 'API Integration',
        text: 'Payments run through licensed Indian payment gateways (Cashfree or Razorpay), with a sandbox mode for testing without real money.',
      },
    },
  },
  streaming: {
    label: 'Streaming',
    title: 'Alerts on stream, the moment a tip is paid',
    cards: {
      overlay: {
        title: 'Live Overlay',
        text: 'Your alert overlay is one browser source in OBS or Streamlabs. If OBS restarts, it catches up on the tips it missed, and never plays one twice.',
      },
      'obs-settings': {
        title: 'OBS Settings',
        text: 'Add a Browser source, paste your private overlay link and size it to your canvas. That’s the whole setup.',
      },
      customization: {
        title: 'Customization',
        text: 'Your tipping page uses your brand colour, theme and cover image, with the form your audience needs.',
        points: ['Brand colour and theme', 'Cover image', 'Emote picker for HyperEmotes'],
      },
    },
  },
  interactive: {
    label: 'Interactive',
    title: 'Tips that say more than a number',
    cards: {
      voice: {
        title: 'Voice Messages',
        text: 'Fans record a 15 to 60 second voice note with their tip. You approve it before it plays on stream through the audio player.',
      },
      gifs: {
        title: 'Custom GIFs',
        text: 'Your own animated alert (GIF, MP4 or WEBM) for each tip.',
      },
      hyperemotes: {
        title: 'HyperEmotes',
        text: 'An emoji rain of up to 50 animated emojis across your stream, with a premium tier from ₹50.',
      },
    },
  },
  technical: {
    label: 'Technical',
    title: 'Built to be trusted with money',
    cards: {
      database: {
        title: 'Database',
        text: 'PostgreSQL holds every order and tip. Amounts are stored as whole paise, so no rupee is ever lost to rounding.',
      },
      server: {
        title: 'Server & realtime',
        text: 'Stateless servers share one stream of events, so alerts reach your overlay and dashboard within moments, however many servers run.',
      },
      storage: {
        title: 'Storage',
        text: 'Voice messages are kept in private storage and served only by long, unguessable links.',
      },
      apis: {
        title: 'APIs',
        text: 'A documented JSON API with clear error codes. See the endpoints in the API reference tab.',
      },
    },
  },
  admin: {
    label: 'Dashboard',
    title: 'Your stream, under your control',
    cards: {
      dashboard: {
        title: 'Dashboard',
        text: 'Today’s tips and totals (counted by the India calendar day), live as they arrive.',
      },
      moderation: {
        title: 'Moderation',
        text: 'Approve or reject each tip before it plays, from the dashboard or from Telegram, or approve automatically. You can hide a message and keep the tip.',
      },
      analytics: {
        title: 'Analytics',
        text: 'See which streams bring the most support and who your top supporters are.',
      },
      settings: {
        title: 'Settings',
        text: 'Create or revoke your overlay link, add Telegram moderators and choose how tips are moderated.',
      },
    },
  },
  api: {
    label: 'API reference',
    title: 'API reference',
    cards: {},
  },
} as const);

/** The cards with a demo, or still to come. */
const CARD_EXTRAS: Readonly<Record<string, Pick<ShowcaseCard, 'demo' | 'comingSoon'>>> = {
  overlay: { demo: 'alert' },
  'obs-settings': { demo: 'obs-settings' },
  voice: { demo: 'voice-recording' },
  gifs: { comingSoon: true },
  hyperemotes: { demo: 'emoji-rain' },
  analytics: { demo: 'analytics' },
};

/** The feature areas in order, in the page's language (read when shown). */
export function showcaseTabs(): Array<{
  id: ShowcaseTabId;
  label: string;
  title: string;
  cards: ShowcaseCard[];
}> {
  return entriesOf(SHOWCASE_TAB_TEXT).map(([id, tab]) => ({
    id,
    label: tab.label,
    title: tab.title,
    cards: Object.entries(tab.cards).map(([cardId, card]: [string, ShowcaseCardText]) => ({
      id: cardId,
      title: card.title,
      text: card.text,
      ...(card.points ? { points: card.points } : {}),
      ...CARD_EXTRAS[cardId],
    })),
  }));
}

type ShowcaseCardText = { title: string; text: string; points?: readonly string[] };

/** Public endpoints of the API (DESIGN.md, Public contracts), for the API reference tab. */
const API_ENDPOINT_TEXT = /* @__PURE__ */ localized('marketing.showcase.endpoints', [
  'A streamer’s public page settings',
  'Start a tip: creates a payment order',
  'The payment status of an order',
  'Signed gateway notifications',
  'Upload a recorded voice message',
  'Dashboard totals (members only)',
  'Approved or pending tips',
  'Approve a tip',
  'Reject a tip',
  'Create an overlay link',
  'Send a test alert',
  'Log in to the dashboard',
  'Send us a message',
] as const);

const API_ENDPOINT_ROUTES = [
  ['GET', '/api/streamers/:slug'],
  ['POST', '/api/streamers/:slug/orders'],
  ['GET', '/api/orders/:orderId/status'],
  ['POST', '/api/payments/webhooks/:provider'],
  ['POST', '/api/uploads/voice'],
  ['GET', '/api/streamers/:slug/stats'],
  ['GET', '/api/streamers/:slug/donations'],
  ['POST', '/api/donations/:id/approve'],
  ['POST', '/api/donations/:id/reject'],
  ['POST', '/api/streamers/:slug/obs-tokens'],
  ['POST', '/api/streamers/:slug/test-alert'],
  ['POST', '/api/auth/login'],
  ['POST', '/api/site/contact'],
] as const;

/** The endpoints with what each does, in the page's language. */
export function apiEndpoints(): Array<{ method: string; path: string; text: string }> {
  return API_ENDPOINT_ROUTES.map(([method, path], index) => ({
    method,
    path,
    text: API_ENDPOINT_TEXT[index] ?? '',
  }));
}

/** The emojis of the HyperEmotes demo. */
export const DEMO_EMOJIS = ['🎉', '🔥', '💖', '😂', '👏', '🚀', '✨', '💯'] as const;

/** Spec 01 §9: the cosmetic timers. */
export const COUNTER_TICK_MS = 5000;
export const DEMO_DURATION_MS = 3000;
export const MIN_DEMO_VIEWERS = 15;
