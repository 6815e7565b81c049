import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ProfileStream } from './profile-stream';

/** A stand-in for EventSource that the test drives by hand. */
class FakeEventSource extends EventTarget {
  isClosed = false;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.isClosed = true;
  }
  emit(type: string, data?: unknown) {
    const init = data === undefined ? {} : { data: JSON.stringify(data) };
    this.dispatchEvent(new MessageEvent(type, init));
  }
}

function setup() {
  const sources: FakeEventSource[] = [];
  const heard: string[] = [];
  const stream = new ProfileStream({
    url: '/api/streamers/tips/profile-events',
    onReady: (isReconnect) => heard.push(isReconnect ? 'reconnected' : 'connected'),
    onStreamer: (data) => heard.push(`streamer ${data}`),
    onDonations: () => heard.push('donations'),
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    random: () => 0,
  });
  const latest = () => {
    const source = sources.at(-1);
    if (!source) throw new Error('no event source opened');
    return source;
  };
  return { stream, sources, heard, latest };
}

describe('ProfileStream (the donation page’s live stream)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('passes on the profile and the nudges that tips joined the public lists', () => {
    const { stream, heard, latest } = setup();
    stream.start();
    latest().emit('ready', {});
    latest().emit('streamer', { slug: 'tips' });
    latest().emit('donations', {});
    expect(heard).toEqual(['connected', 'streamer {"slug":"tips"}', 'donations']);
  });

  it('backs off and keeps trying while the server refuses the stream, then says it reconnected', async () => {
    // A 429 at the server's cap reaches EventSource as an error before `ready`.
    const { stream, sources, heard, latest } = setup();
    stream.start();
    latest().emit('ready', {});
    const waits: number[] = [];
    for (let refusal = 0; refusal < 7; refusal += 1) {
      const before = sources.length;
      latest().emit('error');
      expect(sources[before - 1]?.isClosed).toBe(true); // no EventSource retries of its own
      let waited = 0;
      while (sources.length === before) {
        await vi.advanceTimersByTimeAsync(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 30_000, 60_000, 2000]);
    latest().emit('ready', {});
    expect(heard).toEqual(['connected', 'reconnected']);

    // A `ready` starts the count again.
    latest().emit('error');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sources).toHaveLength(9);
  });

  it('stops for good when the page closes', async () => {
    const { stream, sources, latest } = setup();
    stream.start();
    latest().emit('error');
    stream.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sources).toHaveLength(1);
    expect(latest().isClosed).toBe(true);
  });
});
