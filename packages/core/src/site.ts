/**
 * The marketing site's shared contract (spec 01 §3, §5, §8, §9): the spec's messages for the
 * lead and contact forms, the plans, and the list of public pages the site maps and the
 * prerender step share. The schemas are in site.schema.ts, loaded only with the forms.
 */

/** Spec 01 §5 and §8: the words the lead dialog, the contact form and the API share. */
export const SITE_MESSAGES = {
  nameTooShort: 'Name must be at least 2 characters.',
  nameTooLong: 'Name must be at most 100 characters.',
  invalidMobile: 'Please enter a valid mobile number.',
  youtubeRequired: 'YouTube channel link is required.',
  youtubeTooLong: 'YouTube channel link must be at most 300 characters.',
  invalidEmail: 'Please enter a valid email address.',
  instagramTooLong: 'Instagram handle must be at most 100 characters.',
  unknownPlan: 'Please choose one of the listed plans.',
  leadSuccess: "Thanks for signing up! We'll contact you soon.",
  leadDuplicate: 'This email is already registered',
  genericError: 'Something went wrong. Please try again.',

  contactNameRequired: 'Please enter your name.',
  contactPhoneInvalid: 'Please enter a valid phone number.',
  contactMessageRequired: 'Please enter a message.',
  contactMessageTooLong: 'Message must be at most 5000 characters.',
  contactSuccessTitle: 'Message sent!',
  contactSuccess: "We'll get back to you soon.",
  contactErrorTitle: 'Error',
  contactError: 'Failed to send message. Please try again.',

  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
} as const;

/** Length bounds: generous for people, small enough that nobody stores a novel in a name. */
export const SITE_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  mobileMin: 10,
  mobileMax: 20,
  youtubeMax: 300,
  emailMax: 254,
  instagramMax: 100,
  contactNameMax: 100,
  contactPhoneMax: 20,
  contactMessageMax: 5000,
} as const;

// ── plans (spec 01 §9) ────────────────────────────────────────────────────────────────────

export const PLAN_IDS = [
  'base',
  'voice-messages',
  'hyperemotes',
  'monthly-hosting',
  'complete-bundle',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  pricePaise: number;
  /** The struck-through price, when the plan is a discount. */
  originalPricePaise?: number;
  features: readonly string[];
  /** Highlighted as the best value. */
  popular: boolean;
  badge?: string;
  /** Billed every month rather than once. */
  monthly: boolean;
};

/** The plans in the order of spec 01 §9. */
export const PLANS: readonly Plan[] = [
  {
    id: 'base',
    name: 'Base Plan',
    description: 'Your own tipping page with UPI donations and live alerts.',
    pricePaise: 39_900,
    features: [
      'Custom streaming page',
      'UPI donations',
      'Basic chat highlighting',
      'Donation alerts',
      'Real-time notifications',
      'Mobile responsive design',
    ],
    popular: false,
    monthly: false,
  },
  {
    id: 'voice-messages',
    name: 'Voice Message Add-on',
    description: 'Fans record a 15–60 second voice note with their tip.',
    pricePaise: 50_000,
    features: [
      'Voice notes from 15 to 60 seconds',
      'Moderation before anything plays',
      'Audio player for your stream',
    ],
    popular: false,
    monthly: false,
  },
  {
    id: 'hyperemotes',
    name: 'HyperEmotes Add-on',
    description: 'An emoji rain of up to 50 animated emojis across your stream.',
    pricePaise: 50_000,
    features: ['Up to 50 animated emojis', 'Premium tier from ₹50', 'Plays in your OBS overlay'],
    popular: false,
    monthly: false,
  },
  {
    id: 'monthly-hosting',
    name: 'Monthly Hosting',
    description: 'We run your page and alerts so you can focus on streaming.',
    pricePaise: 69_900,
    features: ['99.9% uptime target', 'Daily backups', 'Support by e-mail and phone'],
    popular: false,
    monthly: true,
  },
  {
    id: 'complete-bundle',
    name: 'Complete Bundle',
    description: 'The Base Plan with voice messages and HyperEmotes included.',
    pricePaise: 99_900,
    originalPricePaise: 139_900,
    features: [
      'Everything in the Base Plan',
      'Voice Message Add-on',
      'HyperEmotes Add-on',
      'Priority set-up help',
    ],
    popular: true,
    badge: 'SAVE ₹400',
    monthly: false,
  },
];

/** `GET /api/site/video-url`: the home page's background video, null when none is set. */
export type VideoUrlResponse = { videoUrl: string | null };

/** The `site_settings` key an admin sets to show a background video on the home page. */
export const VIDEO_URL_SETTING_KEY = 'video_url';

// ── public pages (both site maps and the prerender list) ─────────────────────────────────

/** The seven guides of spec 01 §2; each is a Markdown file in apps/web/content/guides. */
export const GUIDE_SLUGS = [
  'upi-security-best-practices',
  'complete-guide-monetize-content-india',
  'earn-money-streaming-india',
  'best-upi-tipping-platforms',
  'fan-engagement-tools-2025',
  'virtual-gifts-maximize-revenue',
  'streamer-donation-app-strategy',
] as const;
export type GuideSlug = (typeof GUIDE_SLUGS)[number];

export type ChangeFrequency = 'daily' | 'weekly' | 'monthly' | 'yearly';

export type PublicPage = {
  path: string;
  title: string;
  group: 'main' | 'legal';
  changefreq: ChangeFrequency;
  priority: number;
};

/** Every public site page except the guides, in the order the site maps list them. */
export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', title: 'Home', group: 'main', changefreq: 'weekly', priority: 1 },
  {
    path: '/feature-showcase',
    title: 'Features',
    group: 'main',
    changefreq: 'monthly',
    priority: 0.8,
  },
  { path: '/blog', title: 'Guides', group: 'main', changefreq: 'weekly', priority: 0.8 },
  { path: '/contact', title: 'Contact', group: 'main', changefreq: 'monthly', priority: 0.6 },
  { path: '/sitemap', title: 'Site map', group: 'main', changefreq: 'monthly', priority: 0.3 },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy & Terms',
    group: 'legal',
    changefreq: 'yearly',
    priority: 0.3,
  },
  {
    path: '/cancellation-refunds',
    title: 'Cancellation & Refunds',
    group: 'legal',
    changefreq: 'yearly',
    priority: 0.3,
  },
  { path: '/shipping', title: 'Support', group: 'legal', changefreq: 'yearly', priority: 0.3 },
];

/** How the XML site map lists guides and streamer donation pages. */
export const GUIDE_SITEMAP_ENTRY = { changefreq: 'monthly', priority: 0.7 } as const;
export const STREAMER_SITEMAP_ENTRY = { changefreq: 'weekly', priority: 0.6 } as const;

/** A guide's path on the site. */
export function guidePath(slug: string): string {
  return `/blog/${slug}`;
}
