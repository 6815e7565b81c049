import type { OverlayControl, OverlayReplay, StreamControlFlags } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import type { StreamControlEvent } from '../../realtime/event-bus.ts';
import { sseFrame, type SseStream } from '../../realtime/sse.ts';
import { loadAlerts } from '../alerts/alerts.service.ts';
import { readStreamControl } from './stream-control.service.ts';

/**
 * The SSE frame a control becomes on an overlay stream. Control frames carry no id: they are
 * commands for the overlays open now, and must not move a stream's Last-Event-ID (which counts
 * alerts, for exactly-once delivery). A replay carries the alert itself, read here once for
 * every stream; null when it may no longer play.
 */
export async function controlFrame(
  db: Database,
  event: StreamControlEvent,
): Promise<string | null> {
  if (event.action !== 'replay') {
    return sseFrame({ event: 'control', data: { action: event.action } satisfies OverlayControl });
  }
  const [alert] = await loadAlerts(db, event.streamerId, [event.alertId]);
  if (!alert) return null;
  return sseFrame({
    event: 'replay',
    data: { replay_id: event.replayId, alert } satisfies OverlayReplay,
  });
}

/** The first frame of every overlay connection: whether alerts are paused and sound muted. */
export function controlStateFrame(flags: StreamControlFlags): string {
  return sseFrame({
    event: 'control',
    data: { action: 'state', ...flags } satisfies OverlayControl,
  });
}

/** The dashboard stream's `playback` event: pause, mute, the alert playing and how many wait. */
export async function sendPlayback(
  db: Database,
  stream: SseStream,
  streamerId: string,
): Promise<void> {
  const state = await readStreamControl(db, streamerId);
  stream.send({ event: 'playback', data: state });
}
