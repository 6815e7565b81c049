export * from './auth.ts';
export * from './donations.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './payment-status.ts';
export * from './site.ts';
export * from './alerts.ts';
export * from './moderation.ts';
