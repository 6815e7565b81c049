/** Texts of the marketing site shared by its pages (and, later, by the e2e tests). */

/** In-page anchors of the fixed top navigation (spec 01 §2, home page). */
export const NAV_ANCHORS = [
  { id: 'features', label: 'UPI Payments' },
  { id: 'services', label: 'For Creators' },
] as const;

export const HERO_HEADLINE = 'UPI tips and live alerts for Indian streamers';

export const HERO_TAGLINE =
  'Fans tip you by UPI with a message, a voice note or an emoji rain, and every tip pops up on your stream in seconds.';

export const FOOTER_TAGLINE = 'UPI tipping and live alerts for creators in India.';

/** Site pages linked from the footer, grouped as on the site map. */
export const FOOTER_LINK_GROUPS = [
  {
    title: 'Product',
    links: [
      { to: '/feature-showcase', label: 'Features' },
      { to: '/blog', label: 'Guides' },
      { to: '/dashboard', label: 'Streamer login' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/contact', label: 'Contact' },
      { to: '/shipping', label: 'Support' },
      { to: '/sitemap', label: 'Site map' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/cancellation-refunds', label: 'Cancellation & Refunds' },
    ],
  },
] as const;
