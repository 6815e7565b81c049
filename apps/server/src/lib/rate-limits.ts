import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseConnection } from '../db/client.ts';
import { tooManyRequests, type AppError } from '../errors.ts';
import { clientAddress } from './client-address.ts';
import { databaseRateLimitStore } from './database-rate-limit-store.ts';

/**
 * Per-client limits, counted by @fastify/rate-limit. With PostgreSQL the counters are a table
 * every instance shares (database-rate-limit-store.ts); with the embedded PGlite, which only
 * one process can open, they live in this process's memory.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  database: DatabaseConnection,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    // No limit on every route: handlers consult the limits they name (defineRateLimit).
    global: false,
    ...(database.kind === 'postgres' ? { store: databaseRateLimitStore(database.db) } : {}),
  });
}

export type RateLimitOptions = {
  /** Names the counter; limits with different names never share one. */
  name: string;
  /** Requests allowed per client address in one window. */
  max: number;
  windowMs: number;
  /** What a refused client reads; the generic "wait a minute" text when absent. */
  message?: string;
  /**
   * What is counted: the client's address unless given (e.g. the e-mail a reset link is asked
   * for, read from the already validated body, or the signed-in account).
   */
  keyOf?: (request: FastifyRequest) => string | Promise<string>;
};

/** A limit a handler consults; each call counts one request from the client's address. */
export type RateLimit = {
  /** Counts the request; throws the API's 429 (with Retry-After) when it is over the limit. */
  consume(request: FastifyRequest, reply: FastifyReply): Promise<void>;
};

/** Defines a limit; call it where the plugin is registered or below (routes' plugins). */
export function defineRateLimit(app: FastifyInstance, options: RateLimitOptions): RateLimit {
  const { name, max, windowMs, message, keyOf = clientAddress } = options;
  const count = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: async (request) => `${name}:${await keyOf(request)}`,
  });
  return {
    async consume(request, reply) {
      const result = await count(request);
      if (result.isAllowed) return; // on an allow list (none is configured)
      setRateLimitHeaders(reply, {
        limit: max,
        remaining: result.remaining,
        resetSeconds: result.ttlInSeconds,
      });
      if (result.isExceeded) throw rateLimited(reply, result.ttlInSeconds, message);
    },
  };
}

/** The IETF draft's RateLimit-Limit, -Remaining and -Reset (seconds until the window ends). */
export function setRateLimitHeaders(
  reply: FastifyReply,
  state: { limit: number; remaining: number; resetSeconds: number },
): void {
  reply.header('ratelimit-limit', state.limit);
  reply.header('ratelimit-remaining', state.remaining);
  reply.header('ratelimit-reset', state.resetSeconds);
}

/** The one refusal of every limit: 429 `rate_limited`, with Retry-After in seconds. */
export function rateLimited(
  reply: FastifyReply,
  retryAfterSeconds: number,
  message?: string,
): AppError {
  reply.header('retry-after', Math.max(1, retryAfterSeconds));
  return tooManyRequests(message);
}
