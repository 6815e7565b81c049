import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request that reached the proxy. */
export type ProxiedRequest = { method: string; path: string; body: string };

type Match = (request: ProxiedRequest) => boolean;

export type HoldingProxy = {
  /** Origin to use instead of the target's, e.g. http://127.0.0.1:41234. */
  url: string;
  /**
   * Holds the next matching request without forwarding it, and resolves once it has arrived:
   * the caller then knows the server is waiting on this very request.
   */
  holdNext(match: Match): Promise<ProxiedRequest>;
  /**
   * Forwards the next matching request but holds the target's answer, and resolves once that
   * answer is in: the target has done the work, the server has not heard about it.
   */
  holdAnswerOfNext(match: Match): Promise<ProxiedRequest>;
  close(): Promise<void>;
};

type Hold = { match: Match; stage: 'request' | 'answer'; reached: (r: ProxiedRequest) => void };

/**
 * Sits between our server and a fake outside service (a payment gateway, the Telegram Bot API,
 * S3) and forwards every request unchanged (Host included, so signatures still verify), except
 * one a test asks it to hold. Holding a request or its answer is how a test freezes the server
 * in the middle of a webhook, a moderation or an upload, to kill it there.
 */
export async function startHoldingProxy(targetOrigin: string): Promise<HoldingProxy> {
  const holds: Hold[] = [];

  const server = http.createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const request = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        body: body.toString('utf8'),
      };
      const holdIndex = holds.findIndex((candidate) => candidate.match(request));
      const [hold] = holdIndex === -1 ? [] : holds.splice(holdIndex, 1);
      if (hold?.stage === 'request') {
        hold.reached(request);
        return; // never answered; the socket ends when the server is killed or the proxy closes
      }
      const forwarded = http.request(
        `${targetOrigin}${request.path}`,
        { method: request.method, headers: incoming.headers },
        (answer) => {
          if (hold) {
            answer.resume(); // read and drop: the server never hears the answer
            answer.on('end', () => hold.reached(request));
            return;
          }
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // listen() on a TCP port gives AddressInfo

  const hold = (match: Match, stage: Hold['stage']) =>
    new Promise<ProxiedRequest>((resolve) => holds.push({ match, stage, reached: resolve }));
  return {
    url: `http://127.0.0.1:${port}`,
    holdNext: (match) => hold(match, 'request'),
    holdAnswerOfNext: (match) => hold(match, 'answer'),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
