import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/** Seconds a refused client is asked to wait before trying again. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/**
 * What keeps working however loaded the process is: money coming in (payment and Telegram
 * webhooks), what is on stream (the overlay's streams, acknowledgements and widgets), and what
 * the proxy and the monitoring ask. Everything else can be retried by the person in a moment.
 */
const ESSENTIAL_ROUTES = [
  /^\/healthz(\/|$)/,
  /^\/metrics$/,
  /^\/api\/payments\/webhooks\//,
  /^\/api\/telegram\/webhook$/,
  /^\/api\/overlay\//,
];

export function isEssentialRoute(url: string): boolean {
  return ESSENTIAL_ROUTES.some((pattern) => pattern.test(url));
}

export type OverloadLimits = {
  /** Mean event-loop delay (ms) over a sample; 0 turns the check off. */
  maxEventLoopDelayMs: number;
  /** Resident memory in bytes; 0 turns the check off. */
  maxRssBytes: number;
  /** How often the process is measured (ms). */
  sampleIntervalMs?: number;
};

export function configuredOverloadLimits(config: Config): OverloadLimits {
  return {
    maxEventLoopDelayMs: config.OVERLOAD_EVENT_LOOP_DELAY_MS,
    maxRssBytes: (config.OVERLOAD_MAX_RSS_MB ?? 0) * 1024 * 1024,
  };
}

/**
 * Sheds load when the process is past a limit (@fastify/under-pressure measures it): a new
 * non-essential request gets 503 with Retry-After at once, before any work, so the requests
 * that matter get the CPU and memory left.
 */
export async function registerOverloadProtection(
  app: FastifyInstance,
  limits: OverloadLimits,
  onShed: (request: FastifyRequest) => void = () => {},
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: limits.maxEventLoopDelayMs,
    maxRssBytes: limits.maxRssBytes,
    sampleInterval: limits.sampleIntervalMs ?? 1000,
    // Returning nothing lets the request through; a body answers it (the plugin then sends
    // it and stops the request). Its typings allow only void, narrower than its code: a cast.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
      const url = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
      if (isEssentialRoute(url)) return undefined;
      onShed(request);
      void reply
        .status(503)
        .header('retry-after', String(OVERLOAD_RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store');
      return {
        error: {
          code: 'overloaded',
          message: 'The server is busy right now. Please try again in a few seconds.',
        },
      };
    }) as unknown as (request: FastifyRequest, reply: FastifyReply) => void,
  });
}
