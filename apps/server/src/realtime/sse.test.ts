import { EventEmitter } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { EventBus } from './event-bus.ts';
import { SseRegistry } from './sse.ts';
import { StreamLimits } from './stream-limits.ts';

/** The parts of a request and reply SseRegistry touches, for a client still there or gone. */
function exchange(options: { hasLeft: boolean }) {
  const request = {
    ip: '198.51.100.7',
    raw: Object.assign(new EventEmitter(), { socket: { destroyed: options.hasLeft } }),
  };
  const response = Object.assign(new EventEmitter(), {
    writeHead: () => {},
    write: () => true,
    end: () => {},
  });
  const reply = { raw: response, hijack: () => {}, header: () => reply };
  return {
    request: request as unknown as FastifyRequest,
    reply: reply as unknown as FastifyReply,
    leave: () => request.raw.emit('close'),
  };
}

const bus = { subscribeToRevocations: () => () => {} } as unknown as EventBus;

describe('SseRegistry', () => {
  it('ends at once a stream whose client left while its route read the database', () => {
    const registry = new SseRegistry(
      new StreamLimits({ total: 10, perAddress: 1, perToken: 1, perSession: 1 }),
      bus,
    );
    const gone = exchange({ hasLeft: true });
    const stream = registry.open(gone.request, gone.reply);
    let heardClose = false;
    stream.onClose(() => (heardClose = true)); // the route sets up after open: it still hears
    expect(stream.isClosed).toBe(true);
    expect(heardClose).toBe(true);
    expect(registry.size).toBe(0);

    // Its place was given back: the address may open its one stream.
    const present = exchange({ hasLeft: false });
    const live = registry.open(present.request, present.reply);
    expect(live.isClosed).toBe(false);
    const another = exchange({ hasLeft: false });
    expect(() => registry.open(another.request, another.reply)).toThrow(/from your network/);
    present.leave();
    expect(registry.size).toBe(0);
    expect(registry.open(another.request, another.reply).isClosed).toBe(false);
  });
});
