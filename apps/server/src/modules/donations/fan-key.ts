import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The fan key: a random, private id the server keeps in an httpOnly cookie, so one fan's tips
 * add up on the leaderboards and two fans who type the same name stay two supporters. It is
 * not the phone number and never appears in any API answer; JavaScript on the page cannot
 * read it either.
 */
export const FAN_COOKIE = 'shabaash_fan';

const ONE_YEAR_SECONDS = 365 * 24 * 3600;
/** 18 random bytes as base64url: 24 characters. */
const FAN_KEY_PATTERN = /^[A-Za-z0-9_-]{24}$/;

export function newFanKey(): string {
  return crypto.randomBytes(18).toString('base64url');
}

/** The fan key the browser sent, when it is one of ours. */
export function readFanKey(request: FastifyRequest): string | null {
  const value = cookieValue(request.headers.cookie, FAN_COOKIE);
  return value !== null && FAN_KEY_PATTERN.test(value) ? value : null;
}

/**
 * The request's fan key; when the browser has none (or a malformed one), a new key is issued
 * in the reply's Set-Cookie. SameSite=Lax: the cookie comes along on the fan's own visits and
 * on the return from a checkout, never on other sites' sub-requests.
 */
export function ensureFanKey(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readFanKey(request);
  if (existing) return existing;
  const key = newFanKey();
  const secure = request.server.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${FAN_COOKIE}=${key}; Path=/; Max-Age=${String(ONE_YEAR_SECONDS)}; HttpOnly; SameSite=Lax${secure}`,
  );
  // A shared cache must never hand one fan's new key to another.
  reply.header('cache-control', 'private, no-store');
  return key;
}

/** One cookie's value from a Cookie header (first match; values are not decoded). */
function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}
