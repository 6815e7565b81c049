/**
 * Texts of the marketing site (spec 01 §2), in one place so pages and browser tests agree.
 * Icons are chosen in the components, keyed by each item's `id`.
 */

import { cheapestPlanPaise, formatRupees } from '@shabaash/core';

/**
 * In-page anchors of the fixed top navigation (spec 01 §2, home page), plus Pricing: a visitor
 * deciding looks for prices first (issue 32).
 */
export const NAV_ANCHORS = [
  { id: 'features', label: 'UPI Payments' },
  { id: 'services', label: 'For Creators' },
  { id: 'pricing', label: 'Pricing' },
] as const;

export const START_EARNING_LABEL = 'Start Earning';
/** The header's way in for streamers who already have an account (issue 32). */
export const LOGIN_LABEL = 'Login';

export const HERO = {
  badge: 'Made for Indian streamers',
  headline: 'UPI tips and live alerts for Indian streamers',
  tagline:
    'Fans tip you by UPI with a message, a voice note or an emoji rain, and every tip pops up on your stream in seconds.',
  secondaryCta: 'See how it works',
  highlights: [
    { id: 'voice', title: 'Voice Messages', text: 'Fans record 15–60 second voice notes' },
    { id: 'upi', title: 'UPI Powered', text: 'Any UPI app, confirmed in seconds' },
  ],
  chat: {
    title: 'Live chat',
    example: 'Example',
    messages: [
      { id: 'm1', name: 'rohan_07', text: 'GG bhai, that clutch was insane 🔥' },
      { id: 'm2', name: 'Ananya', text: 'Shabaash! Keep the streams coming 🎉', tip: '₹500' },
      { id: 'm3', name: 'pixelqueen', text: 'how do I send a voice note?' },
      { id: 'm4', name: 'Vikram', text: 'sent a voice message · 0:24', tip: '₹100', voice: true },
    ],
    inputPlaceholder: 'Tip with UPI…',
  },
} as const;

export const FEATURES = {
  eyebrow: 'UPI Payments',
  title: 'Everything a fan needs to say “shabaash!”',
  intro:
    'One link in your stream description. Fans tip in seconds from the UPI app already on their phone, and you see it live.',
  items: [
    {
      id: 'payments',
      title: 'UPI, RuPay and Mastercard',
      text: 'Fans pay from Google Pay, PhonePe, Paytm, BHIM or any UPI app, or by RuPay or Mastercard. Visa is coming soon.',
    },
    {
      id: 'gifts',
      title: 'Virtual gifts',
      text: 'HyperEmotes rain animated emojis across your stream with the fan’s name, so every gift gets its moment.',
    },
    {
      id: 'chat',
      title: 'Live-chat tipping',
      text: 'Each tip shows as a highlighted message, so your supporters stand out from a busy chat.',
    },
    {
      id: 'payouts',
      title: 'Your own payment account',
      text: 'Tips are confirmed in seconds. Where the site offers it, connect your own Cashfree or Razorpay account and tips are paid straight into it; the gateway settles them to your bank (Cashfree usually the next working day, Razorpay usually in two working days).',
    },
    {
      id: 'dashboard',
      title: 'Creator dashboard',
      text: 'Today’s tips, totals and top supporters at a glance; approve or reject messages before they go live.',
    },
    {
      id: 'leaderboard',
      title: 'Fan leaderboards',
      text: 'Show your top supporters on stream and give your regulars a reason to come back.',
    },
    {
      id: 'emoji-rain',
      title: 'Emoji rain',
      text: 'HyperEmotes rain up to 50 animated emojis across your stream, with a premium tier from ₹50.',
    },
  ],
} as const;

export const SERVICES = {
  eyebrow: 'For Creators',
  title: 'We set it up. You stream.',
  intro:
    'Shabaash is built for creators in India: your own tipping page, alerts in OBS and a dashboard, working in a day.',
  items: [
    {
      id: 'page',
      title: 'Your own tipping page',
      text: 'A page with your name, colours and cover, and a UPI checkout your fans finish in seconds.',
    },
    {
      id: 'alerts',
      title: 'Live alerts in OBS',
      text: 'Add one browser source. Tips, voice messages and emoji rain appear on stream as they happen.',
    },
    {
      id: 'voice',
      title: 'Voice notes and HyperEmotes',
      text: 'Let fans speak to you in 15–60 second voice notes, or make it rain emojis on screen.',
    },
    {
      id: 'moderation',
      title: 'Moderation your way',
      text: 'Approve tips from the dashboard or from Telegram, or let them through automatically.',
    },
  ],
  // The spec's "₹300" was below every real plan; this is the cheapest one (README, differences).
  pricingNote: `Plans start at just ${formatRupees(cheapestPlanPaise())}.`,
  primaryCta: 'Start Monetizing Content Now',
  secondaryCta: 'Learn About Payment Integration',
} as const;

export const HOW_IT_WORKS = {
  eyebrow: 'How it works',
  title: 'From sign-up to your first tip',
  steps: [
    {
      id: 'sign-up',
      title: 'Sign up as a creator',
      text: 'Tell us your name and channel. We create your tipping page and your dashboard.',
    },
    {
      id: 'enable-upi',
      title: 'Enable UPI payments',
      text: 'Connect your Cashfree or Razorpay account in Settings → Payouts (where the site offers it) and add the alert overlay to OBS as a browser source.',
    },
    {
      id: 'engage',
      title: 'Engage your fans',
      text: 'Share your page in your stream description and chat. Fans tip with a message, a voice note or an emoji rain.',
    },
    {
      id: 'get-paid',
      title: 'Get paid',
      text: 'Every tip is confirmed in seconds and shown on stream; the payment gateway settles the money on its schedule, usually the next working day.',
    },
  ],
} as const;

export const PRICING = {
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
} as const;

export const RESOURCES = {
  eyebrow: 'Resources',
  title: 'Guides for streamers',
  intro: 'Practical guides on UPI tipping, fan engagement and earning from your streams in India.',
  allGuides: 'Browse all guides',
} as const;

export const FAQ = {
  eyebrow: 'FAQ',
  title: 'Questions creators ask us',
  items: [
    {
      id: 'how-fans-pay',
      question: 'How do my fans pay?',
      answer:
        'Fans open your tipping page, choose an amount and pay with any UPI app (Google Pay, PhonePe, Paytm, BHIM and others) or a RuPay or Mastercard card. They don’t need an account or an app from us.',
    },
    {
      id: 'alerts',
      question: 'How do tips appear on my stream?',
      answer:
        'You add your private overlay link to OBS Studio or Streamlabs as a browser source. Each tip then plays as an alert with the fan’s name, amount and message; voice messages play through a separate audio player source.',
    },
    {
      id: 'moderation',
      question: 'Can I stop abusive messages from reaching my stream?',
      answer:
        'Yes. In review mode nothing plays until you or a moderator approves it, from the dashboard or from Telegram. You can also hide a message and still keep the tip.',
    },
    {
      id: 'payouts',
      question: 'When do I receive the money?',
      answer:
        'Tips are paid through a licensed payment gateway (Cashfree or Razorpay), which settles them on its own schedule, usually the next working day; never instantly. Where the site offers it, you connect your own Cashfree or Razorpay account (Settings → Payouts) and tips are paid straight into it, then settled by that gateway to your bank (Razorpay usually takes two working days). Otherwise tips are paid into the site operator’s gateway account.',
    },
    {
      id: 'safety',
      question: 'Is it safe for my fans?',
      answer:
        'Fans approve every payment in their own UPI app; we never see a UPI PIN or full card number. A tip counts as paid only when the payment gateway confirms it to our server, not because a browser says so.',
    },
    {
      id: 'amounts',
      question: 'How much can fans tip?',
      answer:
        'Any amount from ₹1 to ₹1,00,000 per tip. HyperEmotes have a premium tier from ₹50, and voice messages run from 15 to 60 seconds.',
    },
    {
      id: 'who',
      question: 'Do I need a big audience to start?',
      answer:
        'No. Shabaash works for any creator who streams with OBS or Streamlabs, on YouTube, Instagram Live or elsewhere. Many creators start with a few regular supporters.',
    },
    {
      id: 'cost',
      question: 'What does it cost?',
      answer:
        'Your page is a one-time payment, with optional add-ons for voice messages and HyperEmotes and optional monthly hosting. See the plans above, or contact us for help choosing.',
    },
  ],
} as const;

export const SIGNUP_TEXT = {
  title: 'Start earning with Shabaash',
  description:
    'Want a hand? Tell us about your channel: the Shabaash team will call or e-mail you and set up your tipping page with you. Rather do it yourself? Sign up and create your page in a few minutes.',
  planTitle: (plan: string) => `Get started with ${plan}`,
  planDescription: (plan: string, price: string) =>
    `${plan} (${price}). Tell us about your channel and we’ll contact you to set it up.`,
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
} as const;

export const FOOTER = {
  tagline: 'UPI tipping and live alerts for creators in India.',
  madeIn: 'Made in India, for Indian creators.',
  rights: 'All rights reserved.',
  socialLabel: 'Follow Shabaash',
  /** Each social link's accessible name; the visible text is the network's name. */
  socialLinkName: (network: string) => `Shabaash on ${network}`,
} as const;

export type FooterLink =
  { kind: 'link'; label: string; to: string } | { kind: 'signup'; label: string };

/** The footer's three link columns (the brand is the first of the spec's four). */
export const FOOTER_COLUMNS: ReadonlyArray<{ title: string; links: readonly FooterLink[] }> = [
  {
    title: 'For Creators',
    links: [
      { kind: 'signup', label: START_EARNING_LABEL },
      { kind: 'link', label: 'Pricing', to: '/#pricing' },
      { kind: 'link', label: 'How it works', to: '/#how-it-works' },
      { kind: 'link', label: 'Guides', to: '/blog' },
      { kind: 'link', label: 'Streamer login', to: '/dashboard' },
    ],
  },
  {
    title: 'Features',
    links: [
      { kind: 'link', label: 'All features', to: '/feature-showcase' },
      { kind: 'link', label: 'UPI Payments', to: '/#features' },
      { kind: 'link', label: 'Payment security', to: '/blog/upi-security-best-practices' },
      { kind: 'link', label: 'Fan engagement', to: '/blog/fan-engagement-tools-2025' },
    ],
  },
  {
    title: 'Company',
    links: [
      { kind: 'link', label: 'Contact', to: '/contact' },
      { kind: 'link', label: 'Support', to: '/shipping' },
      { kind: 'link', label: 'Privacy Policy', to: '/privacy-policy' },
      { kind: 'link', label: 'Cancellation & Refunds', to: '/cancellation-refunds' },
      { kind: 'link', label: 'Site map', to: '/sitemap' },
    ],
  },
];

export const SITEMAP_TEXT = {
  title: 'Site map',
  intro: 'Every page of the Shabaash website in one place.',
  mainPages: 'Main pages',
  guides: 'Guides',
  legalPages: 'Legal and support',
  returnHome: 'Return to Home',
} as const;
