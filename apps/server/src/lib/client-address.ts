import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Fastify's `trustProxy` for TRUST_PROXY. Unset: no proxy is trusted, and `request.ip` is the
 * socket's peer whatever X-Forwarded-For says. A list: only a peer on it may name the client.
 * A hop count trusts that many hops whoever they are (Fastify itself reads a number as "trust
 * nothing", so the count becomes proxy-addr's function of the hop's index).
 */
export function trustProxyOption(
  trusted: Config['TRUST_PROXY'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trusted === undefined) return false;
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return trusted;
}

/**
 * The address per-client limits count: Fastify's `request.ip`, with an IPv6 client's whole /64
 * counted as one, since one subscriber is handed a /64 and may use any address in it.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}
