import type { OverlayAlert } from '@shabaash/core';
import { openSse, type SseClient, type SseEvent } from './sse-client.ts';

/** A tip's alert (not a test alert): its donation id is set. */
type DonationAlert = OverlayAlert & { kind: 'donation'; donation: { id: string } };

export type OverlayWatcher = {
  /**
   * Opens the alert stream on a server (again after a restart), sending the last alert id it
   * received as Last-Event-ID like the overlay page does, and waits for the replay to finish.
   */
  connect(baseUrl: string): Promise<void>;
  /** Waits for the donation's alert, then acknowledges it as played (`shown`). */
  play(donationId: string, timeoutMs?: number): Promise<DonationAlert>;
  /** How many alerts the server replayed when the current stream opened (its `ready`). */
  replayed(): number;
  /**
   * Resolves once the server has ended the current stream and its last events are read: an
   * overlay page reconnects only then (its EventSource reports the drop after the data).
   */
  ended(): Promise<void>;
  /** Every delivery of an alert (for this donation), over all connections so far. */
  deliveries(donationId?: string): DonationAlert[];
  close(): void;
};

/**
 * Stands in for one OBS overlay page across server restarts: one stream at a time, Last-Event-ID
 * on reconnect, and an acknowledgement once an alert has played. It records every alert the
 * server delivers, so a test can count them per donation.
 */
export function watchOverlay(slug: string, token: string): OverlayWatcher {
  let baseUrl = '';
  const streams: SseClient[] = [];
  const current = () => streams.at(-1);

  const isDonationAlert = (event: SseEvent) =>
    event.event === 'alert' && (event.data as OverlayAlert).kind === 'donation';
  const received = () =>
    streams.flatMap((stream) =>
      stream.events.filter(isDonationAlert).map((event) => event.data as DonationAlert),
    );

  return {
    async connect(url) {
      current()?.close();
      baseUrl = url;
      const query = new URLSearchParams({ token });
      const ids = received().map((alert) => alert.alert_id);
      if (ids.length > 0) query.set('last_event_id', String(Math.max(...ids)));
      const stream = await openSse(`${url}/api/overlay/${slug}/events?${query.toString()}`);
      if (stream.status !== 200) throw new Error(`overlay stream answered ${stream.status}`);
      streams.push(stream);
      await stream.waitFor((event) => event.event === 'ready', 10_000);
    },
    async play(donationId, timeoutMs = 15_000) {
      const stream = current();
      if (!stream) throw new Error('overlay is not connected');
      const event = await stream.waitFor(
        (candidate) =>
          isDonationAlert(candidate) &&
          (candidate.data as DonationAlert).donation.id === donationId,
        timeoutMs,
      );
      const alert = event.data as DonationAlert;
      const shown = await fetch(
        `${baseUrl}/api/overlay/${slug}/alerts/${alert.alert_id}/shown?token=${token}`,
        { method: 'POST' },
      );
      if (shown.status !== 204) throw new Error(`acknowledgement answered ${shown.status}`);
      return alert;
    },
    replayed: () => {
      const ready = current()?.events.find((event) => event.event === 'ready');
      return (ready?.data as { replayed: number } | undefined)?.replayed ?? 0;
    },
    ended: async () => current()?.ended,
    deliveries: (donationId) =>
      received().filter((alert) => donationId === undefined || alert.donation.id === donationId),
    close: () => current()?.close(),
  };
}
