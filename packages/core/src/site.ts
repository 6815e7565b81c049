/**
 * The marketing site's shared contract (spec 01 §3, §5, §8, §9): the spec's messages for the
 * lead and contact forms, and the list of public pages the site maps and the
 * prerender step share. The schemas are in site.schema.ts, loaded only with the forms.
 */

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';
import type { SocialPlatform } from './settings.ts';

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

/** `GET /api/site/video-url`: the home page's background video, null when none is set. */
export type VideoUrlResponse = { videoUrl: string | null };

/** The `site_settings` key an admin sets to show a background video on the home page. */
export const VIDEO_URL_SETTING_KEY = 'video_url';

/**
 * The `site_settings` key of the default streamer (spec 02 §2): the status page's Back to
 * Donation Page opens their page for an order id that names no streamer. Seeded as `chiaa`.
 */
export const DEFAULT_STREAMER_SETTING_KEY = 'default_streamer';

/** The `site_settings` key of the operator's social profiles, linked from the footer. */
export const SOCIAL_LINKS_SETTING_KEY = 'footer_social_links';

/** The `site_settings` key of the support e-mail, phone, hours and chat link (/contact). */
export const SUPPORT_CONTACT_SETTING_KEY = 'support_contact';

/**
 * The support address the legal pages name (they are the binding text and cannot follow a
 * setting); the first start seeds it as the contact page's e-mail too.
 */
export const LEGAL_SUPPORT_EMAIL = 'support@shabaash.in';

/**
 * The networks the marketing footer can link to (spec 01 §2's social icons, which name none):
 * the platforms a streamer's page can link, less `website` (the footer is on the website).
 */
export const SITE_SOCIAL_PLATFORMS = [
  'youtube',
  'instagram',
  'x',
  'facebook',
  'discord',
  'twitch',
] as const satisfies readonly SocialPlatform[];
export type SiteSocialPlatform = (typeof SITE_SOCIAL_PLATFORMS)[number];

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

// ── the public pages in each language (issue 21) ───────────────────────────────────────────

/**
 * Where each language's copy of the public pages lives: English at the root (its URLs stay as
 * they were), Hindi under `/hi`. The one rule the routes, the prerender list, the links, the
 * hreflang tags, both site maps and the server's Accept-Language redirect follow.
 */
const LANGUAGE_PATH_PREFIXES: Readonly<Record<Language, string>> = { 'en-IN': '', hi: '/hi' };

/** A public page's path (as PUBLIC_PAGES write it) in `language`: '/contact' → '/hi/contact'. */
export function pathInLanguage(path: string, language: Language): string {
  const prefix = LANGUAGE_PATH_PREFIXES[language];
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * A public page's copies for `hreflang` (the page's `<link>` tags and the XML site map): one per
 * language, and `x-default`, the English one.
 */
export function languageAlternates(path: string): Array<{ hreflang: string; path: string }> {
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, path: pathInLanguage(path, language) })),
    { hreflang: 'x-default', path: pathInLanguage(path, DEFAULT_LANGUAGE) },
  ];
}

/**
 * The language a path is in and the page it shows: '/hi/contact' → hi, '/contact';
 * '/contact' → en-IN, '/contact'. Paths outside a language prefix are English.
 */
export function languageOfPath(path: string): { language: Language; page: string } {
  for (const [language, prefix] of Object.entries(LANGUAGE_PATH_PREFIXES) as Array<
    [Language, string]
  >) {
    if (!prefix) continue;
    if (path === prefix || path === `${prefix}/`) return { language, page: '/' };
    if (path.startsWith(`${prefix}/`)) return { language, page: path.slice(prefix.length) };
  }
  return { language: DEFAULT_LANGUAGE, page: path };
}

/** Whether `path` (without a language prefix) is one of the public pages. */
export function isPublicPage(path: string): boolean {
  const page = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return PUBLIC_PAGES.some((candidate) => candidate.path === page);
}

/**
 * The language an `Accept-Language` header prefers among ours, or null when it names none of
 * them. Tags are taken by their q-value (1 when absent, q=0 means "not this"), the header's order
 * breaking ties; a tag counts for its primary language (`hi-IN` is Hindi, `en-US` English). `*`
 * names no language in particular, so it is skipped.
 */
export function preferredLanguage(header: string | undefined): Language | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const qParameter = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParameter === undefined ? 1 : Number(qParameter.slice(2));
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q, index };
    })
    .filter((range) => Number.isFinite(range.q) && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of ranges) {
    const language = LANGUAGES.find((candidate) => candidate.split('-')[0] === primary);
    if (language) return language;
  }
  return null;
}
