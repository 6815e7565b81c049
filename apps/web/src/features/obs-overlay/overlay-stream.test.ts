import type { OverlayAlert } from '@shabaash/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { TokenVerdict } from './overlay.api';
import { OverlayStream, type StreamStatus } from './overlay-stream';

/** A stand-in for EventSource that the test drives by hand. */
class FakeEventSource extends EventTarget {
  isClosed = false;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.isClosed = true;
  }
  emit(type: string, data?: unknown, lastEventId = '') {
    const init = data === undefined ? {} : { data: JSON.stringify(data), lastEventId };
    this.dispatchEvent(new MessageEvent(type, init));
  }
}

function alertWithId(alertId: number) {
  return { alert_id: alertId, kind: 'test' } as OverlayAlert; // Only the id matters here.
}

function setup(verdicts: TokenVerdict[]) {
  const sources: FakeEventSource[] = [];
  const statuses: StreamStatus[] = [];
  const alerts: number[] = [];
  const invalid: string[] = [];
  const valid: TokenVerdict = { kind: 'valid', streamerName: 'TechGamer' };
  const checkToken = vi.fn(() => Promise.resolve(verdicts.shift() ?? valid));
  const stream = new OverlayStream({
    slug: 'techgamer',
    token: 'obs_abc',
    onStatus: (status) => statuses.push(status),
    onInvalid: (message) => invalid.push(message),
    onValidated: () => {},
    onAlert: (alert) => alerts.push(alert.alert_id),
    createEventSource: (url) => {
      const source = new FakeEventSource(url);
      sources.push(source);
      return source;
    },
    checkToken,
    random: () => 0,
  });
  const latest = () => {
    const source = sources.at(-1);
    if (!source) throw new Error('no event source opened');
    return source;
  };
  return { stream, sources, statuses, alerts, invalid, checkToken, latest };
}

describe('OverlayStream (spec 02 §4, Live-update connections)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('checks the token, then listens, and reports connected once the replay is done', async () => {
    const { stream, statuses, alerts, latest } = setup([]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(latest().url).toBe('/api/overlay/techgamer/events?token=obs_abc');

    latest().emit('alert', alertWithId(5), '5');
    latest().emit('ready', {});
    expect(alerts).toEqual([5]);
    expect(statuses).toEqual(['validating', 'connecting', 'connected']);
  });

  it('reconnects after a drop with back-off, asking for alerts after the last one received', async () => {
    const { stream, statuses, sources, latest } = setup([]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().emit('alert', alertWithId(9));
    latest().emit('alert', alertWithId(8));
    latest().emit('ready', {});

    latest().emit('error');
    expect(sources[0]?.isClosed).toBe(true);
    await vi.advanceTimersByTimeAsync(1999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(2);
    expect(latest().url).toBe('/api/overlay/techgamer/events?token=obs_abc&last_event_id=9');
    latest().emit('ready', {});
    expect(statuses.slice(-3)).toEqual(['reconnecting', 'reconnecting', 'connected']);
  });

  it('resumes from the position `ready` gave when no alert came before the drop', async () => {
    const { stream, latest } = setup([]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().emit('ready', { replayed: 0 }, '0');
    latest().emit('error');
    await vi.advanceTimersByTimeAsync(2000);
    expect(latest().url).toBe('/api/overlay/techgamer/events?token=obs_abc&last_event_id=0');
    latest().emit('alert', alertWithId(12), '12');
    latest().emit('ready', { replayed: 1 }, '7');
    latest().emit('error');
    await vi.advanceTimersByTimeAsync(2000);
    expect(latest().url).toBe('/api/overlay/techgamer/events?token=obs_abc&last_event_id=12');
  });

  it('gives up after five failed attempts, shows max retries, and tries again after 60 s', async () => {
    const { stream, statuses, sources, latest } = setup([]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    for (const delay of [2000, 4000, 8000, 16_000, 30_000]) {
      latest().emit('error');
      await vi.advanceTimersByTimeAsync(delay);
    }
    expect(sources).toHaveLength(6);
    latest().emit('error');
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('max-retries');

    await vi.advanceTimersByTimeAsync(59_999);
    expect(sources).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources).toHaveLength(7);

    // The cooldown starts the count over: the next failure waits 2 s again.
    latest().emit('error');
    await vi.advanceTimersByTimeAsync(2000);
    expect(sources).toHaveLength(8);
  });

  it('backs off and keeps trying while the server refuses the stream at its cap', async () => {
    // A 429 reaches EventSource as an error before `ready`; the token check still passes.
    const { stream, statuses, invalid, sources, latest } = setup([]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    const waits: number[] = [];
    for (let refusal = 0; refusal < 7; refusal += 1) {
      const before = sources.length;
      latest().emit('error');
      let waited = 0;
      while (sources.length === before) {
        await vi.advanceTimersByTimeAsync(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 30_000, 60_000, 2000]);
    expect(statuses).toContain('max-retries');
    expect(invalid).toEqual([]);
    latest().emit('ready', {});
    expect(statuses.at(-1)).toBe('connected');
  });

  it('refuses a token the server refuses at once with the invalid-token screen', async () => {
    const { stream, statuses, invalid, sources } = setup([
      { kind: 'invalid', message: 'Invalid or expired OBS token.' },
    ]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(invalid).toEqual(['Invalid or expired OBS token.']);
    expect(statuses.at(-1)).toBe('invalid');
    expect(sources).toHaveLength(0);
  });

  it('stops for good, quietly, when the server refuses a token that worked, after a drop', async () => {
    const { stream, statuses, invalid, sources, latest } = setup([
      { kind: 'valid', streamerName: 'TechGamer' },
      { kind: 'invalid', message: 'Invalid or expired OBS token.' },
    ]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    latest().emit('ready', {});
    latest().emit('error');
    await vi.advanceTimersByTimeAsync(120_000);

    expect(invalid).toEqual(['Invalid or expired OBS token.']);
    expect(statuses.at(-1)).toBe('revoked');
    expect(sources).toHaveLength(1);
  });

  it('keeps checking the token while the server cannot be reached', async () => {
    const { stream, statuses, checkToken, sources } = setup([
      { kind: 'unreachable' },
      { kind: 'unreachable' },
    ]);
    stream.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(['validating', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(2000 + 4000);
    expect(checkToken).toHaveBeenCalledTimes(3);
    expect(sources).toHaveLength(1);
  });
});
