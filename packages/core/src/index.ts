export * from './errors.ts';
export * from './money.ts';
