// Constants, types and pure rules: no zod, so the donation page and the overlay can use them.
export * from './auth.ts';
export * from './donations.ts';
export * from './leaderboards.ts';
export * from './money.ts';
export * from './payment-status.ts';
export * from './site.ts';
export * from './alerts.ts';
export * from './moderation.ts';
export * from './voice.ts';
export * from './settings.ts';
// The zod schemas, in their own modules: a bundle that uses none of them leaves zod out.
export * from './auth.schema.ts';
export * from './donations.schema.ts';
export * from './errors.ts';
export * from './leaderboards.schema.ts';
export * from './site.schema.ts';
export * from './voice.schema.ts';
export * from './settings.schema.ts';
