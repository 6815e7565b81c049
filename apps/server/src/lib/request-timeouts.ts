import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { SETTINGS_LIMITS, VOICE_LIMITS } from '@shabaash/core';
import type { FastifyInstance } from 'fastify';

/**
 * How long a client may take to send its request. Without limits a body trickled one byte at
 * a time holds its socket (an open file) for ever. Streams are not cut: an event-stream
 * request has no body, so it has fully arrived as soon as its headers have.
 */
export type RequestTimeouts = {
  /** The headers, and then any body that is not a file upload (JSON, forms). */
  bodyMs: number;
  /** A whole request carrying a file upload (multipart), the largest at a slow mobile rate. */
  uploadMs: number;
  /** How often Node looks for requests past their time. */
  checkEveryMs: number;
};

/** A slow mobile uplink (about 256 kbit/s, slow 3G): the largest upload still gets through. */
const SLOW_UPLINK_BYTES_PER_SECOND = 32 * 1024;
const LARGEST_UPLOAD_BYTES = Math.max(
  VOICE_LIMITS.maxBytes,
  SETTINGS_LIMITS.imageMaxBytes,
  SETTINGS_LIMITS.soundMaxBytes,
);

export const DEFAULT_REQUEST_TIMEOUTS: RequestTimeouts = {
  bodyMs: 30_000,
  // 30 s to start, then 10 MB at 32 KB/s: just under 6 minutes.
  uploadMs: 30_000 + Math.ceil(LARGEST_UPLOAD_BYTES / SLOW_UPLINK_BYTES_PER_SECOND) * 1000,
  checkEveryMs: 5_000,
};

/**
 * A connection silent this long in both directions is closed. Above the keep-alive timeout
 * (a proxy's idle connections are its to close first) and far above the 15 s heartbeat of an
 * event stream, so only dead peers and stuck clients hit it.
 */
const IDLE_CONNECTION_MS = 90_000;

/**
 * An idle keep-alive connection closes after this; Fastify's default, kept longer than the
 * 60 s idle timeout of common load balancers so they, not we, close a shared connection.
 */
const KEEP_ALIVE_MS = 72_000;

/**
 * The Fastify server options for these timeouts. Node cuts any request that has not fully
 * arrived within the upload time (408), and headers that have not within the body time;
 * `limitBodyTime` holds ordinary bodies to the shorter body time.
 */
export function timeoutServerOptions(timeouts: RequestTimeouts) {
  return {
    requestTimeout: timeouts.uploadMs,
    connectionTimeout: IDLE_CONNECTION_MS,
    keepAliveTimeout: KEEP_ALIVE_MS,
    http: {
      headersTimeout: Math.min(timeouts.bodyMs, timeouts.uploadMs),
      connectionsCheckingInterval: timeouts.checkEveryMs,
    },
    clientErrorHandler: answerClientError,
  };
}

/**
 * Holds every body that is not a file upload to `bodyMs` from the end of its headers: past it,
 * the client gets a 408 and the connection closes. Uploads keep Node's longer limit.
 */
export function limitBodyTime(app: FastifyInstance, bodyMs: number): void {
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    const hasBody =
      'transfer-encoding' in request.headers || Number(request.headers['content-length']) > 0;
    // `complete` is false only while a body read off the network is still arriving (requests
    // made in process by app.inject have no such state, and no socket to hold).
    if (!hasBody || raw.complete !== false) return;
    if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.info('request body arrived too slowly; connection closed');
      // A response under way (an early refusal) cannot take a 408 any more: just close.
      if (reply.raw.headersSent) raw.socket.destroy();
      else refuse(raw.socket, 408, 'request_timeout', TIMEOUT_MESSAGE);
    }, bodyMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
  });
}

const TIMEOUT_MESSAGE = 'The request took too long to arrive. Please try again.';

/**
 * Node's refusals before any route runs (a request past its time, headers too large, bytes
 * that are not HTTP), in the API's error shape.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node's own handler checks this internal field too: an answer under way (an upload refused
  // early while its body still trickles in) cannot take a second one.
  const response = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (response?.headersSent) {
    socket.destroy();
    return;
  }
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    refuse(socket, 408, 'request_timeout', TIMEOUT_MESSAGE);
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    refuse(socket, 431, 'headers_too_large', 'The request headers are too large.');
  } else {
    refuse(socket, 400, 'bad_request', 'The request is not valid HTTP.');
  }
}

/** Writes a complete error answer straight to the socket and closes it. */
function refuse(socket: Socket, status: number, code: string, message: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ error: { code, message } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${String(Buffer.byteLength(body))}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
