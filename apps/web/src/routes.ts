import type { RouteConfig } from '@react-router/dev/routes';
import { index, layout, prefix, route } from '@react-router/dev/routes';

/**
 * The whole route table of spec 01 §2 and spec 02 §2. Each module in `pages/` is its own lazy
 * chunk, so a fan opening a donation page never downloads the dashboard or the marketing site.
 * Static segments outrank `:slug`, so a streamer slug can never shadow a site page; the server
 * must still refuse streamer slugs equal to these first segments.
 */
/**
 * The public pages of PUBLIC_PAGES (@shabaash/core), one set per language; `language` tells
 * the Hindi set's route ids from the English ones (the English ids stay the files' own).
 */
function publicPages(language?: 'hi') {
  const id = (name: string) => (language ? { id: `${language}/${name}` } : {});
  return [
    index('pages/home.tsx', id('home')),
    route('feature-showcase', 'pages/feature-showcase.tsx', id('feature-showcase')),
    route('contact', 'pages/contact.tsx', id('contact')),
    route('privacy-policy', 'pages/privacy-policy.tsx', id('privacy-policy')),
    route('cancellation-refunds', 'pages/cancellation-refunds.tsx', id('cancellation-refunds')),
    route('shipping', 'pages/shipping.tsx', id('shipping')),
    route('blog', 'pages/blog.tsx', id('blog')),
    route('sitemap', 'pages/sitemap.tsx', id('sitemap')),
  ];
}

export default [
  // Marketing site (prerendered; see react-router.config.ts): English at the root, Hindi under
  // /hi (pathInLanguage in @shabaash/core). Each layout makes its language active.
  // The guides are English only.
  layout('pages/public-pages-en.tsx', [
    ...publicPages(),
    route('blog/:slug', 'pages/blog-article.tsx'),
  ]),
  ...prefix('hi', [layout('pages/public-pages-hi.tsx', publicPages('hi'))]),

  // App screens (client-rendered from the SPA fallback). The auth pages pick their own
  // language (the reader's); the signed-in pages, the invite and "Your data" follow the user's
  // (issue 21; signed out, the one chosen on this site), in one layout.
  route('auth', 'pages/auth.tsx'),
  route('auth/forgot', 'pages/auth-forgot.tsx'),
  route('auth/reset', 'pages/auth-reset.tsx'),
  route('auth/verify', 'pages/auth-verify.tsx'),
  layout('pages/user-language-pages.tsx', [
    route('account', 'pages/account.tsx'),
    route('dashboard', 'pages/dashboard.tsx'),
    route('dashboard/create', 'pages/dashboard-create.tsx'),
    route('dashboard/:slug', 'pages/streamer-dashboard.tsx'),
    route('dashboard/:slug/activity', 'pages/streamer-activity.tsx'),
    route('dashboard/:slug/plans', 'pages/streamer-plans.tsx'),
    route('test-alerts', 'pages/test-alerts.tsx'),
    route('auth/invite/:code', 'pages/invite.tsx'),
    route('privacy/my-data', 'pages/privacy-my-data.tsx'),
    route('dashboard/admin', 'pages/admin-console.tsx'),
  ]),
  route('status', 'pages/payment-status.tsx'),

  // Per-streamer public pages.
  route(':slug', 'pages/donation.tsx'),
  route(':slug/obs-alerts', 'pages/obs-alerts.tsx'),
  route(':slug/widgets/leaderboard', 'pages/widget-leaderboard.tsx'),
  route(':slug/widgets/goal', 'pages/widget-goal.tsx'),
  route(':slug/widgets/recent', 'pages/widget-recent.tsx'),

  // Pages in English only: English is made active, and `<html lang>` says so.
  layout('pages/english-pages.tsx', [route(':slug/audio-player', 'pages/audio-player.tsx')]),
  // A dead link, in the reader's language.
  layout('pages/reader-language-pages.tsx', [route('*', 'pages/not-found.tsx')]),
] satisfies RouteConfig;
