import type { RouteConfig } from '@react-router/dev/routes';
import { index, route } from '@react-router/dev/routes';

/**
 * The whole route table of spec 01 §2 and spec 02 §2. Each module in `pages/` is its own lazy
 * chunk, so a fan opening a donation page never downloads the dashboard or the marketing site.
 * Static segments outrank `:slug`, so a streamer slug can never shadow a site page; the server
 * must still refuse streamer slugs equal to these first segments.
 */
export default [
  // Marketing site and guides (prerendered; see react-router.config.ts).
  index('pages/home.tsx'),
  route('feature-showcase', 'pages/feature-showcase.tsx'),
  route('contact', 'pages/contact.tsx'),
  route('privacy-policy', 'pages/privacy-policy.tsx'),
  route('privacy/my-data', 'pages/privacy-my-data.tsx'),
  route('cancellation-refunds', 'pages/cancellation-refunds.tsx'),
  route('shipping', 'pages/shipping.tsx'),
  route('blog', 'pages/blog.tsx'),
  route('blog/:slug', 'pages/blog-article.tsx'),
  route('sitemap', 'pages/sitemap.tsx'),

  // App screens (client-rendered from the SPA fallback).
  route('auth', 'pages/auth.tsx'),
  route('auth/invite/:code', 'pages/invite.tsx'),
  route('auth/forgot', 'pages/auth-forgot.tsx'),
  route('auth/reset', 'pages/auth-reset.tsx'),
  route('auth/verify', 'pages/auth-verify.tsx'),
  route('account', 'pages/account.tsx'),
  route('dashboard', 'pages/dashboard.tsx'),
  route('dashboard/admin', 'pages/admin-console.tsx'),
  route('dashboard/create', 'pages/dashboard-create.tsx'),
  route('dashboard/:slug', 'pages/streamer-dashboard.tsx'),
  route('dashboard/:slug/activity', 'pages/streamer-activity.tsx'),
  route('dashboard/:slug/plans', 'pages/streamer-plans.tsx'),
  route('status', 'pages/payment-status.tsx'),
  route('test-alerts', 'pages/test-alerts.tsx'),

  // Per-streamer public pages.
  route(':slug', 'pages/donation.tsx'),
  route(':slug/obs-alerts', 'pages/obs-alerts.tsx'),
  route(':slug/audio-player', 'pages/audio-player.tsx'),
  route(':slug/widgets/leaderboard', 'pages/widget-leaderboard.tsx'),
  route(':slug/widgets/goal', 'pages/widget-goal.tsx'),
  route(':slug/widgets/recent', 'pages/widget-recent.tsx'),

  route('*', 'pages/not-found.tsx'),
] satisfies RouteConfig;
