import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { BusEvent, EventBus } from '../../realtime/event-bus.ts';
import { sseFrame, type SseStream } from '../../realtime/sse.ts';
import { alertsToReplay, loadAlerts } from '../alerts/alerts.service.ts';
import { loadOverlaySettings } from '../settings/settings.service.ts';
import { OverlayPresence } from './overlay-presence.ts';

type OverlayConnection = {
  stream: SseStream;
  tokenId: string;
  sentIds: Set<number>;
  /** A stream widget: hears live alerts, but is no overlay (presence) and gets no replay. */
  isWidget: boolean;
};

/**
 * Fans alerts out to this instance's overlay streams. One bus subscription per streamer, one
 * batched database read per tick however many overlays listen, and the same bytes written to
 * every socket.
 */
export class OverlayHub {
  private readonly connections = new Map<string, Set<OverlayConnection>>();
  private readonly unsubscribers = new Map<string, () => void>();
  private readonly pendingAlertIds = new Map<string, number[]>();
  private flushScheduled = false;
  private readonly presence: OverlayPresence;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.presence = new OverlayPresence(db, bus.instanceId);
  }

  /**
   * Attaches a stream: subscribes first, then replays, so nothing that commits in between is
   * missed; per-connection ids keep anything from arriving twice. A widget re-reads its data
   * on `ready` and on each alert, so it needs no replay, and it is not counted as an overlay.
   */
  async connect(input: {
    streamerId: string;
    tokenId: string;
    stream: SseStream;
    lastEventId: number | null;
    isWidget?: boolean;
  }): Promise<void> {
    const connection: OverlayConnection = {
      stream: input.stream,
      tokenId: input.tokenId,
      sentIds: new Set(),
      isWidget: input.isWidget ?? false,
    };
    let set = this.connections.get(input.streamerId);
    if (!set) {
      set = new Set();
      this.connections.set(input.streamerId, set);
      this.unsubscribers.set(
        input.streamerId,
        this.bus.subscribe(input.streamerId, (event) => this.handleEvent(event)),
      );
    }
    set.add(connection);
    input.stream.onClose(() => void this.disconnect(input.streamerId, connection));
    if (connection.isWidget) {
      input.stream.send({ event: 'ready', data: { replayed: 0 } });
      return;
    }
    await this.updatePresence(input.streamerId);

    const replay = await alertsToReplay(this.db, input.streamerId, input.lastEventId);
    for (const alert of replay)
      this.sendAlert(
        connection,
        alert.alert_id,
        sseFrame({ id: alert.alert_id, event: 'alert', data: alert }),
      );
    input.stream.send({ event: 'ready', data: { replayed: replay.length } });
  }

  /** Overlays (not widgets) connected to this instance for a streamer. */
  localCount(streamerId: string): number {
    let count = 0;
    for (const connection of this.connections.get(streamerId) ?? []) {
      if (!connection.isWidget) count += 1;
    }
    return count;
  }

  async close(): Promise<void> {
    for (const set of this.connections.values())
      for (const connection of set) connection.stream.close();
    await this.presence
      .close()
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not clear overlay presence'));
  }

  private async disconnect(streamerId: string, connection: OverlayConnection): Promise<void> {
    const set = this.connections.get(streamerId);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) {
      this.connections.delete(streamerId);
      this.unsubscribers.get(streamerId)?.();
      this.unsubscribers.delete(streamerId);
    }
    if (connection.isWidget) return;
    await this.updatePresence(streamerId).catch((error: unknown) =>
      this.log.warn({ err: error }, 'could not update overlay presence'),
    );
  }

  private async updatePresence(streamerId: string): Promise<void> {
    await this.presence.set(streamerId, this.localCount(streamerId));
    this.bus.publish({ kind: 'presence_changed', streamerId });
  }

  private handleEvent(event: BusEvent): void {
    if (event.kind === 'token_deactivated') {
      for (const connection of this.connections.get(event.streamerId) ?? []) {
        if (connection.tokenId === event.tokenId) connection.stream.close();
      }
      return;
    }
    if (event.kind === 'settings_changed') {
      void this.sendSettings(event.streamerId);
      return;
    }
    if (event.kind !== 'alert') return;
    const ids = this.pendingAlertIds.get(event.streamerId) ?? [];
    ids.push(event.alertId);
    this.pendingAlertIds.set(event.streamerId, ids);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => void this.flushAlerts());
    }
  }

  /** One read per streamer per tick for every alert that arrived in it. */
  private async flushAlerts(): Promise<void> {
    this.flushScheduled = false;
    const batches = [...this.pendingAlertIds];
    this.pendingAlertIds.clear();
    for (const [streamerId, ids] of batches) {
      try {
        const loaded = await loadAlerts(this.db, streamerId, ids);
        for (const alert of loaded) {
          const frame = sseFrame({ id: alert.alert_id, event: 'alert', data: alert });
          for (const connection of this.connections.get(streamerId) ?? []) {
            this.sendAlert(connection, alert.alert_id, frame);
          }
        }
      } catch (error) {
        // The alerts stay unshown in the outbox, so a reconnect replays them.
        this.log.error({ err: error, streamerId }, 'could not deliver alerts');
      }
    }
  }

  /** The streamer changed their settings: every stream hears `settings` with the new ones. */
  private async sendSettings(streamerId: string): Promise<void> {
    try {
      const settings = await loadOverlaySettings(this.db, streamerId);
      if (!settings) return;
      const frame = sseFrame({ event: 'settings', data: settings });
      for (const connection of this.connections.get(streamerId) ?? []) {
        connection.stream.write(frame);
      }
    } catch (error) {
      // The overlay keeps its current settings; it reads them again when it reconnects.
      this.log.warn({ err: error, streamerId }, 'could not send overlay settings');
    }
  }

  private sendAlert(connection: OverlayConnection, alertId: number, frame: string): void {
    if (connection.sentIds.has(alertId)) return;
    connection.sentIds.add(alertId);
    connection.stream.write(frame);
  }
}
