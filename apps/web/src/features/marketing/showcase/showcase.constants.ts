/**
 * Texts of the feature showcase (spec 01 §2). Every figure shown on the page is an example and
 * is labelled as one: nothing here claims real traffic or volumes.
 */

export const SHOWCASE_TEXT = {
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
} as const;

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

export const SHOWCASE_TABS: ReadonlyArray<{
  id: ShowcaseTabId;
  label: string;
  title: string;
  cards: readonly ShowcaseCard[];
}> = [
  {
    id: 'payment',
    label: 'Payments',
    title: 'UPI payments that your fans already trust',
    cards: [
      {
        id: 'upi-flow',
        title: 'UPI Flow',
        text: 'A fan picks an amount, writes a message and pays in the UPI app on their phone. No account, no app to install.',
        points: [
          'Google Pay, PhonePe, Paytm, BHIM and every UPI app',
          'RuPay and Mastercard cards; Visa coming soon',
          'Works on any phone browser',
        ],
      },
      {
        id: 'verification',
        title: 'Real-time Verification',
        text: 'A tip counts only when the payment gateway confirms it to our server with a signed message. What a browser says never marks money as received.',
        points: [
          'Orders move only from pending to success or failed',
          'Every gateway message is recorded once; replays change nothing',
          'Orders left pending are re-checked with the gateway until they settle',
        ],
      },
      {
        id: 'integration',
        title: 'API Integration',
        text: 'Payments run through licensed Indian payment gateways (Cashfree or Razorpay), with a sandbox mode for testing without real money.',
      },
    ],
  },
  {
    id: 'streaming',
    label: 'Streaming',
    title: 'Alerts on stream, the moment a tip is paid',
    cards: [
      {
        id: 'overlay',
        title: 'Live Overlay',
        text: 'Your alert overlay is one browser source in OBS or Streamlabs. If OBS restarts, it catches up on the tips it missed, and never plays one twice.',
        demo: 'alert',
      },
      {
        id: 'obs-settings',
        title: 'OBS Settings',
        text: 'Add a Browser source, paste your private overlay link and size it to your canvas. That’s the whole setup.',
        demo: 'obs-settings',
      },
      {
        id: 'customization',
        title: 'Customization',
        text: 'Your tipping page uses your brand colour, theme and cover image, with the form your audience needs.',
        points: ['Brand colour and theme', 'Cover image', 'Emote picker for HyperEmotes'],
      },
    ],
  },
  {
    id: 'interactive',
    label: 'Interactive',
    title: 'Tips that say more than a number',
    cards: [
      {
        id: 'voice',
        title: 'Voice Messages',
        text: 'Fans record a 15 to 60 second voice note with their tip. You approve it before it plays on stream through the audio player.',
        demo: 'voice-recording',
      },
      {
        id: 'gifs',
        title: 'Custom GIFs',
        text: 'Your own animated alert (GIF, MP4 or WEBM) for each tip.',
        comingSoon: true,
      },
      {
        id: 'hyperemotes',
        title: 'HyperEmotes',
        text: 'An emoji rain of up to 50 animated emojis across your stream, with a premium tier from ₹50.',
        demo: 'emoji-rain',
      },
    ],
  },
  {
    id: 'technical',
    label: 'Technical',
    title: 'Built to be trusted with money',
    cards: [
      {
        id: 'database',
        title: 'Database',
        text: 'PostgreSQL holds every order and tip. Amounts are stored as whole paise, so no rupee is ever lost to rounding.',
      },
      {
        id: 'server',
        title: 'Server & realtime',
        text: 'Stateless servers share one stream of events, so alerts reach your overlay and dashboard within moments, however many servers run.',
      },
      {
        id: 'storage',
        title: 'Storage',
        text: 'Voice messages are kept in private storage and served only by long, unguessable links.',
      },
      {
        id: 'apis',
        title: 'APIs',
        text: 'A documented JSON API with clear error codes. See the endpoints in the API reference tab.',
      },
    ],
  },
  {
    id: 'admin',
    label: 'Dashboard',
    title: 'Your stream, under your control',
    cards: [
      {
        id: 'dashboard',
        title: 'Dashboard',
        text: 'Today’s tips and totals (counted by the India calendar day), live as they arrive.',
      },
      {
        id: 'moderation',
        title: 'Moderation',
        text: 'Approve or reject each tip before it plays, from the dashboard or from Telegram, or approve automatically. You can hide a message and keep the tip.',
      },
      {
        id: 'analytics',
        title: 'Analytics',
        text: 'See which streams bring the most support and who your top supporters are.',
        demo: 'analytics',
      },
      {
        id: 'settings',
        title: 'Settings',
        text: 'Create or revoke your overlay link, add Telegram moderators and choose how tips are moderated.',
      },
    ],
  },
  {
    id: 'api',
    label: 'API reference',
    title: 'API reference',
    cards: [],
  },
];

/** Public endpoints of the API (DESIGN.md, Public contracts), for the API reference tab. */
export const API_ENDPOINTS: ReadonlyArray<{ method: string; path: string; text: string }> = [
  { method: 'GET', path: '/api/streamers/:slug', text: 'A streamer’s public page settings' },
  {
    method: 'POST',
    path: '/api/streamers/:slug/orders',
    text: 'Start a tip: creates a payment order',
  },
  { method: 'GET', path: '/api/orders/:orderId/status', text: 'The payment status of an order' },
  {
    method: 'POST',
    path: '/api/payments/webhooks/:provider',
    text: 'Signed gateway notifications',
  },
  { method: 'POST', path: '/api/uploads/voice', text: 'Upload a recorded voice message' },
  { method: 'GET', path: '/api/streamers/:slug/stats', text: 'Dashboard totals (members only)' },
  { method: 'GET', path: '/api/streamers/:slug/donations', text: 'Approved or pending tips' },
  { method: 'POST', path: '/api/donations/:id/approve', text: 'Approve a tip' },
  { method: 'POST', path: '/api/donations/:id/reject', text: 'Reject a tip' },
  { method: 'POST', path: '/api/streamers/:slug/obs-tokens', text: 'Create an overlay link' },
  { method: 'POST', path: '/api/streamers/:slug/test-alert', text: 'Send a test alert' },
  { method: 'POST', path: '/api/auth/login', text: 'Log in to the dashboard' },
  { method: 'POST', path: '/api/site/contact', text: 'Send us a message' },
];

/** The emojis of the HyperEmotes demo. */
export const DEMO_EMOJIS = ['🎉', '🔥', '💖', '😂', '👏', '🚀', '✨', '💯'] as const;

/** Spec 01 §9: the cosmetic timers. */
export const COUNTER_TICK_MS = 5000;
export const DEMO_DURATION_MS = 3000;
export const MIN_DEMO_VIEWERS = 15;
