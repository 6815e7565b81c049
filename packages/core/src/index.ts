// Constants, types and pure rules: no zod, so the donation page and the overlay can use them.
export * from './auth.ts';
export * from './donations.ts';
export * from './leaderboards.ts';
export * from './analytics.ts';
export * from './money.ts';
export * from './payment-status.ts';
export * from './site.ts';
export * from './plans.ts';
export * from './alerts.ts';
export * from './alert-timing.ts';
export * from './alertable.ts';
export * from './blocked-words.ts';
export * from './moderation.ts';
export * from './moderation-status.ts';
export * from './sanitize-text.ts';
export * from './uploads.ts';
export * from './voice.ts';
export * from './settings.ts';
export * from './alert-design.ts';
export * from './stream-control.ts';
export * from './onboarding.ts';
export * from './speech.ts';
export * from './youtube.ts';
// The zod schemas, in their own modules: a bundle that uses none of them leaves zod out.
export * from './auth.schema.ts';
export * from './donations.schema.ts';
export * from './errors.ts';
export * from './leaderboards.schema.ts';
export * from './analytics.schema.ts';
export * from './site.schema.ts';
export * from './plans.schema.ts';
export * from './voice.schema.ts';
export * from './settings.schema.ts';
export * from './alert-design.schema.ts';
export * from './onboarding.schema.ts';
export * from './speech.schema.ts';
export * from './youtube.schema.ts';
export * from './backups.schema.ts';
// What the dashboard, admin, settings, leaderboard and widget endpoints answer; web pages
// import these as types only.
export * from './dashboard-responses.schema.ts';
export * from './admin-responses.schema.ts';
export * from './settings-responses.schema.ts';
export * from './leaderboard-responses.schema.ts';
export * from './payouts.schema.ts';
