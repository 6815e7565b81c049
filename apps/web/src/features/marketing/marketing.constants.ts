/**
 * Texts of the marketing site (spec 01 §2), in one place so pages and browser tests agree. Each
 * set reads the `marketing` catalog of the page's language (issue 21; English is these
 * constants). Items are keyed by id (icons are chosen in the components by that key), so only
 * words go to the translators.
 */

import { SITE_MESSAGES, cheapestPlanPaise, formatRupees } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** A text set's entries with their keys' own type (Object.entries widens them to string). */
export function entriesOf<Key extends string, Value>(
  record: Readonly<Record<Key, Value>>,
): Array<[Key, Value]> {
  return Object.entries(record) as Array<[Key, Value]>;
}

/**
 * In-page anchors of the fixed top navigation (spec 01 §2, home page), plus Pricing: a visitor
 * deciding looks for prices first (issue 32).
 */
export const NAV_ANCHORS = /* @__PURE__ */ localized('marketing.nav', {
  features: 'UPI Payments',
  services: 'For Creators',
  pricing: 'Pricing',
} as const);

export const HEADER_TEXT = /* @__PURE__ */ localized('marketing.header', {
  startEarning: 'Start Earning',
  /** The header's way in for streamers who already have an account (issue 32). */
  login: 'Login',
  mainNavLabel: 'Main',
  sectionsNavLabel: 'Sections',
  languageSwitchLabel: 'Language',
} as const);

/** The sample chat's people and tips (names and amounts are not translated). */
export const SAMPLE_CHAT = [
  { id: 'm1', name: 'rohan_07' },
  { id: 'm2', name: 'Ananya', tip: '₹500' },
  { id: 'm3', name: 'pixelqueen' },
  { id: 'm4', name: 'Vikram', tip: '₹100', voice: true },
] as const;

export const HERO = /* @__PURE__ */ localized('marketing.hero', {
  badge: 'Made for Indian streamers',
  headline: 'UPI tips and live alerts for Indian streamers',
  tagline:
    'Fans tip you by UPI with a message, a voice note or an emoji rain, and every tip pops up on your stream in seconds.',
  secondaryCta: 'See how it works',
  highlights: {
    voice: { title: 'Voice Messages', text: 'Fans record 15–60 second voice notes' },
    upi: { title: 'UPI Powered', text: 'Any UPI app, confirmed in seconds' },
  },
  chat: {
    title: 'Live chat',
    example: 'Example',
    messages: {
      m1: 'GG bhai, that clutch was insane 🔥',
      m2: 'Shabaash! Keep the streams coming 🎉',
      m3: 'how do I send a voice note?',
      m4: 'sent a voice message · 0:24',
    },
    inputPlaceholder: 'Tip with UPI…',
  },
} as const);

export const FEATURES = /* @__PURE__ */ localized('marketing.features', {
  eyebrow: 'UPI Payments',
  title: 'Everything a fan needs to say “shabaash!”',
  intro:
    'One link in your stream description. Fans tip in seconds from the UPI app already on their phone, and you see it live.',
  items: {
    payments: {
      title: 'UPI, RuPay and Mastercard',
      text: 'Fans pay from Google Pay, PhonePe, Paytm, BHIM or any UPI app, or by RuPay or Mastercard. Visa is coming soon.',
    },
    gifts: {
      title: 'Virtual gifts',
      text: 'HyperEmotes rain animated emojis across your stream with the fan’s name, so every gift gets its moment.',
    },
    chat: {
      title: 'Live-chat tipping',
      text: 'Each tip shows as a highlighted message, so your supporters stand out from a busy chat.',
    },
    payouts: {
      title: 'Your own payment account',
      text: 'Tips are confirmed in seconds. Where the site offers it, connect your own Cashfree or Razorpay account and tips are paid straight into it; the gateway settles them to your bank (Cashfree usually the next working day, Razorpay usually in two working days).',
    },
    dashboard: {
      title: 'Creator dashboard',
      text: 'Today’s tips, totals and top supporters at a glance; approve or reject messages before they go live.',
    },
    leaderboard: {
      title: 'Fan leaderboards',
      text: 'Show your top supporters on stream and give your regulars a reason to come back.',
    },
    'emoji-rain': {
      title: 'Emoji rain',
      text: 'HyperEmotes rain up to 50 animated emojis across your stream, with a premium tier from ₹50.',
    },
  },
} as const);

export const SERVICES = /* @__PURE__ */ localized('marketing.services', {
  eyebrow: 'For Creators',
  title: 'We set it up. You stream.',
  intro:
    'Shabaash is built for creators in India: your own tipping page, alerts in OBS and a dashboard, working in a day.',
  items: {
    page: {
      title: 'Your own tipping page',
      text: 'A page with your name, colours and cover, and a UPI checkout your fans finish in seconds.',
    },
    alerts: {
      title: 'Live alerts in OBS',
      text: 'Add one browser source. Tips, voice messages and emoji rain appear on stream as they happen.',
    },
    voice: {
      title: 'Voice notes and HyperEmotes',
      text: 'Let fans speak to you in 15–60 second voice notes, or make it rain emojis on screen.',
    },
    moderation: {
      title: 'Moderation your way',
      text: 'Approve tips from the dashboard or from Telegram, or let them through automatically.',
    },
  },
  // The spec's "₹300" was below every real plan; this is the cheapest one (README, differences).
  pricingNote: (price = formatRupees(cheapestPlanPaise())) =>
    t('marketing.services.pricingNoteFn', { price }, `Plans start at just ${price}.`),
  primaryCta: 'Start Monetizing Content Now',
  secondaryCta: 'Learn About Payment Integration',
} as const);

export const HOW_IT_WORKS = /* @__PURE__ */ localized('marketing.howItWorks', {
  eyebrow: 'How it works',
  title: 'From sign-up to your first tip',
  /** The step's number for screen readers, before its title. */
  stepLabel: (step: number) =>
    t('marketing.howItWorks.stepLabelFn', { step }, `Step ${String(step)}: `),
  steps: {
    'sign-up': {
      title: 'Sign up as a creator',
      text: 'Tell us your name and channel. We create your tipping page and your dashboard.',
    },
    'enable-upi': {
      title: 'Enable UPI payments',
      text: 'Connect your Cashfree or Razorpay account in Settings → Payouts (where the site offers it) and add the alert overlay to OBS as a browser source.',
    },
    engage: {
      title: 'Engage your fans',
      text: 'Share your page in your stream description and chat. Fans tip with a message, a voice note or an emoji rain.',
    },
    'get-paid': {
      title: 'Get paid',
      text: 'Every tip is confirmed in seconds and shown on stream; the payment gateway settles the money on its schedule, usually the next working day.',
    },
  },
} as const);

export const PRICING = /* @__PURE__ */ localized('marketing.pricing', {
  eyebrow: 'Pricing',
  title: 'Simple pricing, no surprises',
  intro: 'Pay once for your page and the add-ons you want. Hosting is optional and billed monthly.',
  addOnsTitle: 'Add-ons',
  bestValue: 'BEST VALUE',
  perMonth: '/month',
  oneTime: 'one-time',
  originalPrice: 'Original price',
  cta: 'Get Started Now',
  footnote:
    'Tips from your fans are paid through a licensed payment gateway and settled by it, never held by Shabaash. Questions about a plan?',
  footnoteLink: 'Contact us',
} as const);

export const RESOURCES = /* @__PURE__ */ localized('marketing.resources', {
  eyebrow: 'Resources',
  title: 'Guides for streamers',
  intro: 'Practical guides on UPI tipping, fan engagement and earning from your streams in India.',
  allGuides: 'Browse all guides',
} as const);

export const FAQ = /* @__PURE__ */ localized('marketing.faq', {
  eyebrow: 'FAQ',
  title: 'Questions creators ask us',
  items: {
    'how-fans-pay': {
      question: 'How do my fans pay?',
      answer:
        'Fans open your tipping page, choose an amount and pay with any UPI app (Google Pay, PhonePe, Paytm, BHIM and others) or a RuPay or Mastercard card. They don’t need an account or an app from us.',
    },
    alerts: {
      question: 'How do tips appear on my stream?',
      answer:
        'You add your private overlay link to OBS Studio or Streamlabs as a browser source. Each tip then plays as an alert with the fan’s name, amount and message; voice messages play through a separate audio player source.',
    },
    moderation: {
      question: 'Can I stop abusive messages from reaching my stream?',
      answer:
        'Yes. In review mode nothing plays until you or a moderator approves it, from the dashboard or from Telegram. You can also hide a message and still keep the tip.',
    },
    payouts: {
      question: 'When do I receive the money?',
      answer:
        'Tips are paid through a licensed payment gateway (Cashfree or Razorpay), which settles them on its own schedule, usually the next working day; never instantly. Where the site offers it, you connect your own Cashfree or Razorpay account (Settings → Payouts) and tips are paid straight into it, then settled by that gateway to your bank (Razorpay usually takes two working days). Otherwise tips are paid into the site operator’s gateway account.',
    },
    safety: {
      question: 'Is it safe for my fans?',
      answer:
        'Fans approve every payment in their own UPI app; we never see a UPI PIN or full card number. A tip counts as paid only when the payment gateway confirms it to our server, not because a browser says so.',
    },
    amounts: {
      question: 'How much can fans tip?',
      answer:
        'Any amount from ₹1 to ₹1,00,000 per tip. HyperEmotes have a premium tier from ₹50, and voice messages run from 15 to 60 seconds.',
    },
    who: {
      question: 'Do I need a big audience to start?',
      answer:
        'No. Shabaash works for any creator who streams with OBS or Streamlabs, on YouTube, Instagram Live or elsewhere. Many creators start with a few regular supporters.',
    },
    cost: {
      question: 'What does it cost?',
      answer:
        'Your page is a one-time payment, with optional add-ons for voice messages and HyperEmotes and optional monthly hosting. See the plans above, or contact us for help choosing.',
    },
  },
} as const);

export const SIGNUP_TEXT = /* @__PURE__ */ localized('marketing.signup', {
  title: 'Start earning with Shabaash',
  description:
    'Want a hand? Tell us about your channel: the Shabaash team will call or e-mail you and set up your tipping page with you. Rather do it yourself? Sign up and create your page in a few minutes.',
  planTitle: (plan: string) =>
    t('marketing.signup.planTitleFn', { plan }, `Get started with ${plan}`),
  planDescription: (plan: string, price: string) =>
    t(
      'marketing.signup.planDescriptionFn',
      { plan, price },
      `${plan} (${price}). Tell us about your channel and we’ll contact you to set it up.`,
    ),
  nameLabel: 'Name',
  namePlaceholder: 'Your name',
  mobileLabel: 'Mobile number',
  mobilePlaceholder: '10-digit mobile number',
  youtubeLabel: 'YouTube channel link',
  youtubePlaceholder: 'https://youtube.com/@yourchannel',
  emailLabel: 'Email',
  emailPlaceholder: 'you@example.com',
  instagramLabel: 'Instagram handle',
  instagramPlaceholder: '@yourhandle',
  optional: 'Optional',
  cancel: 'Cancel',
  submit: 'Sign Up',
  submitting: 'Signing up...',
  privacyNote: 'We use these details only to contact you about Shabaash. Read our',
  privacyLink: 'Privacy Policy',
} as const);

export const FOOTER = /* @__PURE__ */ localized('marketing.footer', {
  tagline: 'UPI tipping and live alerts for creators in India.',
  madeIn: 'Made in India, for Indian creators.',
  rights: 'All rights reserved.',
  socialLabel: 'Follow Shabaash',
  /** Each social link's accessible name; the visible text is the network's name. */
  socialLinkName: (network: string) =>
    t('marketing.footer.socialLinkNameFn', { network }, `Shabaash on ${network}`),
} as const);

/** The footer columns' titles and link labels, keyed as FOOTER_COLUMNS lists them. */
const FOOTER_TEXT = /* @__PURE__ */ localized('marketing.footerColumns', {
  creators: {
    title: 'For Creators',
    links: {
      startEarning: 'Start Earning',
      pricing: 'Pricing',
      howItWorks: 'How it works',
      guides: 'Guides',
      streamerLogin: 'Streamer login',
    },
  },
  features: {
    title: 'Features',
    links: {
      allFeatures: 'All features',
      upiPayments: 'UPI Payments',
      paymentSecurity: 'Payment security',
      fanEngagement: 'Fan engagement',
    },
  },
  company: {
    title: 'Company',
    links: {
      contact: 'Contact',
      support: 'Support',
      privacyPolicy: 'Privacy Policy',
      cancellationRefunds: 'Cancellation & Refunds',
      sitemap: 'Site map',
    },
  },
} as const);

/** Where each footer link leads (English paths: the footer puts them in the page's language). */
const FOOTER_TARGETS = {
  creators: {
    startEarning: null,
    pricing: '/#pricing',
    howItWorks: '/#how-it-works',
    guides: '/blog',
    streamerLogin: '/dashboard',
  },
  features: {
    allFeatures: '/feature-showcase',
    upiPayments: '/#features',
    paymentSecurity: '/blog/upi-security-best-practices',
    fanEngagement: '/blog/fan-engagement-tools-2025',
  },
  company: {
    contact: '/contact',
    support: '/shipping',
    privacyPolicy: '/privacy-policy',
    cancellationRefunds: '/cancellation-refunds',
    sitemap: '/sitemap',
  },
} as const;

export type FooterLink =
  { kind: 'link'; label: string; to: string } | { kind: 'signup'; label: string };

/** The footer's three link columns (the brand is the first of the spec's four), when shown. */
export function footerColumns(): Array<{ title: string; links: FooterLink[] }> {
  return entriesOf(FOOTER_TARGETS).map(([column, targets]) => {
    const text = FOOTER_TEXT[column];
    const labels: Readonly<Record<string, string>> = text.links;
    return {
      title: text.title,
      links: Object.entries(targets).map(([id, to]): FooterLink => {
        const label = labels[id] ?? id;
        return to === null ? { kind: 'signup', label } : { kind: 'link', label, to };
      }),
    };
  });
}

export const SITEMAP_TEXT = /* @__PURE__ */ localized('marketing.sitemap', {
  title: 'Site map',
  intro: 'Every page of the Shabaash website in one place.',
  mainPages: 'Main pages',
  guides: 'Guides',
  legalPages: 'Legal and support',
  returnHome: 'Return to Home',
} as const);

/** Each public page's title and description for search engines and link previews. */
export const PAGE_META_TEXT = /* @__PURE__ */ localized('marketing.meta', {
  home: {
    title: 'Shabaash — UPI tips and live alerts for Indian streamers',
    description:
      'Let your fans tip you by UPI with a message, a voice note or an emoji rain, and show every tip live on stream through an OBS alert overlay.',
  },
  featureShowcase: {
    title: 'Features',
    description:
      'UPI payments, live OBS alerts, voice messages, HyperEmotes and a creator dashboard: a tour of what Shabaash does.',
  },
  blog: {
    title: 'Guides',
    description:
      'Guides for Indian streamers on UPI tipping, payment security, fan engagement and earning from live streams.',
  },
  contact: {
    title: 'Contact',
    description:
      'Questions about UPI tipping, OBS alerts or a plan? E-mail, call or message the Shabaash team.',
  },
  sitemap: {
    title: 'Site map',
    description: 'Every page of the Shabaash website: main pages, guides and policies.',
  },
  privacyPolicy: {
    title: 'Privacy Policy',
    description:
      'How Shabaash collects, uses and protects your data, and the terms of using the service.',
  },
  cancellationRefunds: {
    title: 'Cancellation & Refunds',
    description:
      'The Shabaash cancellation and refund policy for tips and page plans, and how failed payments are handled.',
  },
  shipping: {
    title: 'Support',
    description:
      'Shabaash services are digital and delivered instantly, so nothing ships. Here is how to get help.',
  },
} as const);

/** The public pages' names as the site map page lists them (PUBLIC_PAGES, by path). */
export const PUBLIC_PAGE_TITLES: Readonly<Record<string, string>> = /* @__PURE__ */ localized(
  'marketing.pageTitles',
  {
    '/': 'Home',
    '/feature-showcase': 'Features',
    '/blog': 'Guides',
    '/contact': 'Contact',
    '/sitemap': 'Site map',
    '/privacy-policy': 'Privacy Policy & Terms',
    '/cancellation-refunds': 'Cancellation & Refunds',
    '/shipping': 'Support',
  },
);

/** What a Hindi legal page says above the English text, which stays the binding one. */
export const LEGAL_NOTICE_TEXT = /* @__PURE__ */ localized('marketing.legal', {
  eyebrow: 'Legal',
  lastUpdated: 'Last updated:',
  bindingTitle: 'This policy is in English',
  bindingText:
    'The English text below is the binding one. This page shows it with the site around it in your language.',
  bindingLink: 'Open the English page',
} as const);

/** The lead and contact forms' messages (SITE_MESSAGES, the API's words) in the page's language. */
export const SITE_MESSAGE_TEXT: typeof SITE_MESSAGES = /* @__PURE__ */ localized(
  'marketing.siteMessages',
  SITE_MESSAGES,
);

/**
 * A form's validation message in the page's language: the shared schemas (site.schema.ts) write
 * SITE_MESSAGES' English, so the message is looked up by that text; any other stays as it is.
 */
export function siteMessageText(message: string | undefined): string | undefined {
  const key = entriesOf(SITE_MESSAGES).find(([, english]) => english === message)?.[0];
  return key ? SITE_MESSAGE_TEXT[key] : message;
}
