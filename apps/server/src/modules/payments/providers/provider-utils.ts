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

/**
 * A webhook's dedupe key from signed body content: the payment (or order) it is about and the
 * event type. Gateways deliver at least once and may resend an event; each resend carries the
 * same body, so it gets the same key whatever its (unsigned) delivery headers say.
 */
export function signedEventId(entityId: string, eventType: string): string {
  return `${entityId}:${eventType}`;
}

/** A signed x-webhook-timestamp (epoch milliseconds) as a time; null when it is not one. */
export function timeFromEpochMs(value: string | undefined): Date | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return new Date(Number(value));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
