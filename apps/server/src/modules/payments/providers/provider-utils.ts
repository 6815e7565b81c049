import crypto from 'node:crypto';
import { ProviderError } from '../payment-provider.ts';

/** Small helpers the gateway adapters share. */

/** Constant-time comparison of two signatures as text; false when the lengths differ. */
export function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** A webhook's raw body as JSON; a ProviderError (not retryable) when it is not JSON. */
export function parseWebhookJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new ProviderError('webhook body is not JSON', false);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
