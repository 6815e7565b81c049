import { describe, expect, it } from 'vitest';
import { redisTransport } from './bus-transports.ts';

const quietLog = { warn: () => {} };
const REDIS_URL = process.env.TEST_REDIS_URL;

describe('the Redis event-bus transport', () => {
  it('starts while Redis is away, refuses events at once instead of queueing them, and closes', async () => {
    // Nothing listens on port 1: every connection attempt fails.
    const transport = redisTransport('redis://127.0.0.1:1', quietLog);
    await transport.listen(() => {}); // returns without waiting for Redis
    await expect(transport.send('{"from":"x","events":[]}')).rejects.toThrow(
      'Redis is not connected',
    );
    await transport.close();
  });

  it.runIf(REDIS_URL)(
    'hands a payload sent by one instance to every listening instance',
    async () => {
      const sender = redisTransport(REDIS_URL!, quietLog);
      const receiver = redisTransport(REDIS_URL!, quietLog);
      const heardBySender: string[] = [];
      const heardByReceiver: string[] = [];
      await sender.listen((payload) => heardBySender.push(payload));
      await receiver.listen((payload) => heardByReceiver.push(payload));
      const payload = JSON.stringify({ from: 'test', events: [], nonce: crypto.randomUUID() });
      const heardByBoth = () =>
        heardBySender.includes(payload) && heardByReceiver.includes(payload);

      // Both subscribe in the background: send again until both have heard it (5 s at most).
      for (let tries = 0; tries < 50 && !heardByBoth(); tries += 1) {
        await sender.send(payload).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(heardByBoth()).toBe(true);
      await Promise.all([sender.close(), receiver.close()]);
    },
  );
});
