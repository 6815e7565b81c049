/**
 * Who may call each HTTP route, declared next to nothing else so it reads as one table. The
 * authorization matrix test (route-policies.test.ts) builds the real app, lists every route it
 * registers under /api, /sandbox, /media, /healthz(/live|/ready), /sitemap.xml and /robots.txt, fails on any
 * route missing here (and on any entry here whose route is gone), and calls each one as
 * anonymous, a fan, another streamer's owner, the owner, a site admin, and with an expired and
 * a revoked session, checking the answer each policy promises. The handlers enforce these
 * through policies/access.ts and the modules' own checks; this table only states them.
 *
 * - `public`: anyone; no caller is ever answered 401 or 403.
 * - `signed-in`: any live session (401 without one).
 * - `streamer-member`: the streamer's members and site admins (401 signed out, 403 anyone else).
 * - `site-admin`: site admins only (401 signed out, 403 for everyone else, owners included).
 * - `overlay-token`: the streamer's OBS token in `?token=` (400 without one, 401 when wrong);
 *   sessions grant nothing.
 * - `provider-signature`: a payment provider's signed callback; sessions grant nothing.
 * - `telegram-secret`: Telegram's webhook secret header (401 without it); registered only when
 *   TELEGRAM_BOT_TOKEN is set.
 * - `privacy-token`: the rights page's proof (a one-time code or receipt link) in the
 *   `x-privacy-token` header (401 without one); sessions grant nothing (issue 29).
 * - `sandbox-only`: the built-in test gateway, registered only when PAYMENT_PROVIDER=sandbox;
 *   anyone holding an order id plays the gateway, as with a real checkout page.
 *
 * Keys are `<METHOD> <url pattern>` exactly as Fastify registers them. HEAD follows the GET of
 * the same pattern (Fastify adds one to every GET) and is not listed.
 */
export type RoutePolicy =
  | 'public'
  | 'signed-in'
  | 'streamer-member'
  | 'site-admin'
  | 'overlay-token'
  | 'provider-signature'
  | 'telegram-secret'
  | 'privacy-token'
  | 'sandbox-only';

export const ROUTE_POLICIES: Readonly<Record<string, RoutePolicy>> = {
  'GET /healthz': 'public',
  // Google's OAuth redirect: only forwards the browser to the state's dashboard (issue 30).
  'GET /api/youtube/oauth/callback': 'public',
  'GET /healthz/live': 'public',
  'GET /healthz/ready': 'public',
  'GET /sitemap.xml': 'public',
  'GET /robots.txt': 'public',

  // ── accounts ──────────────────────────────────────────────────────────────────────────
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  'GET /api/auth/session': 'signed-in',
  'POST /api/auth/logout': 'signed-in',
  'GET /api/auth/sessions': 'signed-in',
  'DELETE /api/auth/sessions/:sessionId': 'signed-in',
  'POST /api/auth/sessions/revoke-others': 'signed-in',
  'POST /api/auth/password': 'signed-in',
  'PUT /api/auth/locale': 'signed-in',
  'POST /api/auth/password-reset/request': 'public',
  'POST /api/auth/password-reset/confirm': 'public',
  'GET /api/me/streamers': 'signed-in', // the streamers this viewer may open
  // The e-mailed link's token is the credential; it may be opened in another browser.
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email/resend': 'signed-in', // to the viewer's own address only
  // "Create your page": a verified account only (403 `email_unverified` otherwise).
  'POST /api/me/streamers': 'signed-in',
  'GET /api/slug-availability': 'signed-in',
  // The unguessable invite code is the credential; the code's account is checked inside.
  'GET /api/invites/:code': 'public',
  'POST /api/invites/:code/accept': 'public',

  // ── marketing site ────────────────────────────────────────────────────────────────────
  'GET /api/site/video-url': 'public',
  'GET /api/site/config': 'public', // the default streamer's slug and the footer's links
  'POST /api/site/leads': 'public',
  'POST /api/site/contact': 'public',

  // ── personal data (issue 29) ──────────────────────────────────────────────────────────
  'GET /api/privacy/contact': 'public', // the grievance officer the privacy policy names
  'POST /api/privacy/codes': 'public', // an SMS code to a number that tipped
  'POST /api/privacy/sessions': 'public', // the code or receipt link is the credential
  'GET /api/privacy/my-data': 'privacy-token',
  'GET /api/privacy/my-data/download': 'privacy-token',
  'PUT /api/privacy/my-data/name': 'privacy-token',
  'POST /api/privacy/my-data/erasure': 'privacy-token',
  'GET /api/account/my-data': 'signed-in', // the viewer's own account only
  'GET /api/account/erasure': 'signed-in',
  'POST /api/account/erasure': 'signed-in',
  'GET /api/admin/privacy': 'site-admin',
  'POST /api/admin/privacy/requests/:requestId/erase': 'site-admin', // a creator's account erasure

  // ── donation page, order status, audio player (fans) ──────────────────────────────────
  'GET /api/streamers/:slug': 'public',
  'GET /api/streamers/:slug/donations/recent': 'public', // approved donations only
  'POST /api/streamers/:slug/orders': 'public',
  'GET /api/orders/:orderId/status': 'public', // the order id is the fan's receipt
  'POST /api/orders/:orderId/consent/withdraw': 'public', // the receipt's one-click withdrawal
  'GET /api/streamers/:slug/profile-events': 'public', // SSE: the public profile, live
  'GET /api/streamers/:slug/leaderboard': 'public', // 404 when the streamer hides it
  'GET /api/streamers/:slug/goal': 'public',
  'GET /api/streamers/:slug/voice-messages': 'public', // the audio player page, public by spec
  'GET /api/streamers/:slug/voice-messages/events': 'public', // SSE
  'POST /api/uploads/voice': 'public', // before payment; rate-limited per IP
  'GET /media/voice/:uploadId': 'public', // attached uploads only, by unguessable id
  'GET /api/streamers/:slug/media-tips': 'public', // the picker's limits; 404 when not offered
  'POST /api/streamers/:slug/uploads/media': 'public', // before payment; rate-limited per IP
  'GET /media/tips/:uploadId': 'public', // re-encoded media of paid tips, by unguessable id
  'GET /api/streamers/:slug/media-tips/settings': 'streamer-member',
  'PUT /api/streamers/:slug/media-tips/settings': 'streamer-member',
  'GET /media/files/:mediaId': 'public', // uploaded images and sounds, by unguessable id
  'GET /media/sounds/:file': 'public',
  'GET /media/link-preview/:kind/:file': 'public', // a cover or avatar as its link-preview JPEG
  'GET /media/speech/:clipId': 'public', // rendered speech, by unguessable id

  // ── payments ──────────────────────────────────────────────────────────────────────────
  'POST /api/payments/webhooks/:provider': 'provider-signature',
  // A creator's own Cashfree account (issue 27): verified with that account's secret only.
  'POST /api/payments/webhooks/cashfree/accounts/:accountId': 'provider-signature',
  'POST /api/payments/webhooks/razorpay/accounts/:accountId': 'provider-signature',
  // checkout.js's callback: its signature only prompts a look-up at Razorpay.
  'POST /api/payments/razorpay/verify': 'provider-signature',
  'GET /sandbox/checkout/:orderId': 'sandbox-only',
  'GET /sandbox/:asset': 'sandbox-only',
  'POST /sandbox/checkout/:orderId/complete': 'sandbox-only',
  'POST /sandbox/orders/:orderId/settle': 'sandbox-only',

  // ── OBS overlay and widgets ───────────────────────────────────────────────────────────
  'GET /api/overlay/:slug/session': 'overlay-token',
  'GET /api/overlay/:slug/events': 'overlay-token', // SSE
  'POST /api/overlay/:slug/alerts/:alertId/shown': 'overlay-token',
  'GET /api/overlay/:slug/settings': 'overlay-token',
  'GET /api/overlay/:slug/alerts/:alertId/speech': 'overlay-token', // issue 23
  'GET /api/overlay/:slug/widgets/leaderboard': 'overlay-token',
  'GET /api/overlay/:slug/widgets/goal': 'overlay-token',
  'GET /api/overlay/:slug/widgets/recent': 'overlay-token',
  'POST /api/overlay/:slug/playback': 'overlay-token', // what the overlay plays (activity feed)

  // ── streamer dashboard (members and site admins) ──────────────────────────────────────
  'GET /api/streamers/:slug/dashboard': 'streamer-member',
  'GET /api/streamers/:slug/stats': 'streamer-member',
  'GET /api/streamers/:slug/donations': 'streamer-member', // includes pending and rejected
  'GET /api/streamers/:slug/events': 'streamer-member', // SSE
  'POST /api/donations/:id/approve': 'streamer-member', // of the donation's streamer
  'POST /api/donations/:id/reject': 'streamer-member',
  'GET /api/streamers/:slug/obs-tokens': 'streamer-member',
  'POST /api/streamers/:slug/obs-tokens': 'streamer-member',
  'POST /api/streamers/:slug/obs-tokens/:tokenId/deactivate': 'streamer-member',
  'POST /api/streamers/:slug/test-alert': 'streamer-member',
  'GET /api/streamers/:slug/activity': 'streamer-member', // every tip, any state
  'GET /api/streamers/:slug/stream-control': 'streamer-member',
  'POST /api/streamers/:slug/stream-control': 'streamer-member', // skip, pause, replay…
  'GET /api/streamers/:slug/moderators': 'streamer-member',
  'PUT /api/streamers/:slug/moderators': 'streamer-member',
  'DELETE /api/streamers/:slug/moderators': 'streamer-member',
  'GET /api/streamers/:slug/settings': 'streamer-member',
  'PATCH /api/streamers/:slug/settings': 'streamer-member',
  'GET /api/streamers/:slug/speech-settings': 'streamer-member',
  'PUT /api/streamers/:slug/speech-settings': 'streamer-member',
  'POST /api/streamers/:slug/speech-preview': 'streamer-member',
  'GET /api/streamers/:slug/youtube': 'streamer-member', // issue 30; never a token
  'PUT /api/streamers/:slug/youtube/settings': 'streamer-member',
  'POST /api/streamers/:slug/youtube/connect': 'streamer-member',
  'POST /api/streamers/:slug/youtube/connect/complete': 'streamer-member', // state bound to the session
  'DELETE /api/streamers/:slug/youtube': 'streamer-member',
  // Payouts (issue 27): keys and KYC go in; only the App ID and masked values come out.
  'GET /api/streamers/:slug/payouts': 'streamer-member',
  'PUT /api/streamers/:slug/payouts/own-cashfree': 'streamer-member',
  'POST /api/streamers/:slug/payouts/own-cashfree/check': 'streamer-member',
  'DELETE /api/streamers/:slug/payouts/own-cashfree': 'streamer-member',
  'PUT /api/streamers/:slug/payouts/own-razorpay': 'streamer-member',
  'POST /api/streamers/:slug/payouts/own-razorpay/check': 'streamer-member',
  'DELETE /api/streamers/:slug/payouts/own-razorpay': 'streamer-member',
  'PUT /api/streamers/:slug/payouts/split-vendor': 'streamer-member',
  'POST /api/streamers/:slug/payouts/split-vendor/check': 'streamer-member',
  'GET /api/streamers/:slug/settlements': 'streamer-member',
  'PUT /api/streamers/:slug/settings/images/:slot': 'streamer-member',
  'DELETE /api/streamers/:slug/settings/images/:slot': 'streamer-member',
  'POST /api/streamers/:slug/settings/alert-media/:kind': 'streamer-member',
  'DELETE /api/streamers/:slug/settings/alert-media/:mediaId': 'streamer-member',
  'GET /api/streamers/:slug/supporters': 'streamer-member', // with donor details
  'PUT /api/streamers/:slug/leaderboard-settings': 'streamer-member',
  'POST /api/streamers/:slug/supporters/merge': 'streamer-member', // issue 32
  'GET /api/streamers/:slug/analytics/history': 'streamer-member', // issue 28
  'GET /api/streamers/:slug/analytics/charts': 'streamer-member',
  'GET /api/streamers/:slug/analytics/export.csv': 'streamer-member',
  'POST /api/streamers/:slug/goal': 'streamer-member',
  'PATCH /api/streamers/:slug/goal': 'streamer-member',
  'DELETE /api/streamers/:slug/goal': 'streamer-member',
  // Plans (issue 22): what the page holds, and buying one for it.
  'GET /api/streamers/:slug/plans': 'streamer-member',
  'POST /api/streamers/:slug/plan-orders': 'streamer-member',
  'GET /api/streamers/:slug/plan-orders/:orderId': 'streamer-member',

  // ── admin console ─────────────────────────────────────────────────────────────────────
  'GET /api/admin/streamers': 'site-admin',
  'POST /api/admin/streamers': 'site-admin',
  'GET /api/admin/streamers/:slug': 'site-admin',
  'POST /api/admin/streamers/:slug/members': 'site-admin',
  'DELETE /api/admin/streamers/:slug/members/:email': 'site-admin',
  'DELETE /api/admin/streamers/:slug/invites/:inviteId': 'site-admin',
  'POST /api/admin/streamers/:slug/deactivate': 'site-admin',
  'POST /api/admin/streamers/:slug/reactivate': 'site-admin',
  'GET /api/admin/plan-purchases': 'site-admin',
  'PUT /api/admin/streamers/:slug/plans/:planId': 'site-admin',
  'DELETE /api/admin/streamers/:slug/plans/:planId': 'site-admin',
  'GET /api/admin/site/video-url': 'site-admin',
  'PUT /api/admin/site/video-url': 'site-admin',
  'GET /api/admin/site/config': 'site-admin',
  'PUT /api/admin/site/config': 'site-admin',
  'GET /api/admin/audit': 'site-admin',
  'GET /api/admin/youtube-quota': 'site-admin', // issue 30
  'GET /api/admin/backups': 'site-admin',
  'GET /api/admin/leads': 'site-admin',
  'GET /api/admin/contact-messages': 'site-admin',
  'GET /api/admin/leads.csv': 'site-admin',
  'GET /api/admin/contact-messages.csv': 'site-admin',

  // ── Telegram ──────────────────────────────────────────────────────────────────────────
  'POST /api/telegram/webhook': 'telegram-secret',
};
