import type { FastifyBaseLogger } from 'fastify';
import type { OverlayAlert, StreamControlFlags } from '@shabaash/core';
import type { Database } from '../../db/client.ts';
import { Coalescer } from '../../realtime/coalesce.ts';
import type { BusEvent, EventBus, StreamControlEvent } from '../../realtime/event-bus.ts';
import { sseFrame, type SseStream } from '../../realtime/sse.ts';
import { alertsToReplay, latestAlertId, loadAlerts } from '../alerts/alerts.service.ts';
import { loadOverlaySettings } from '../settings/settings.service.ts';
import { controlFrame, controlStateFrame } from '../stream-control/control-frames.ts';
import { readControlFlags } from '../stream-control/stream-control.service.ts';
import { OverlayPresence } from './overlay-presence.ts';

type OverlayConnection = {
  stream: SseStream;
  tokenId: string;
  /**
   * Alert ids this stream got while its replay was being read, and from the replay: live
   * delivery skips them, so nothing arrives twice. Null when empty (most streams), which also
   * keeps an idle stream small.
   */
  sentIds: Set<number> | null;
  /** Until the replay is written, live alerts note their ids in sentIds. */
  isReplaying: boolean;
  /** A stream widget: hears live alerts, but is no overlay (presence) and gets no replay. */
  isWidget: boolean;
  /** Stream controls heard while the replay was read: written after it, in order. */
  heldControls: string[] | null;
};

/** An alert ready to write: its id and its SSE frame, serialised once for every stream. */
type EncodedAlert = { id: number; frame: Buffer; createdAt: string };

/** A fan-out round shorter than this (few sockets) is followed by the next one at once. */
const MIN_ROUND_PAUSE_MS = 2;

/** Alert ids fanned out per streamer that are remembered, so one published twice plays once. */
const DELIVERED_IDS_KEPT = 1000;

/**
 * Fans alerts out to this instance's overlay streams. One bus subscription per streamer; alerts
 * that arrive while a fan-out runs wait and go out together in the next one (one database read
 * per streamer per round, and each stream gets one write per round however many alerts it
 * carries); each alert is serialised once and the same bytes go to every socket. Connecting is
 * cheap too: concurrent connects share their presence write and replay read.
 */
export class OverlayHub {
  private readonly connections = new Map<string, Set<OverlayConnection>>();
  /**
   * Overlays (not widgets) per streamer, kept as they come and go: every presence write reads
   * it, and counting a set of twenty thousand streams each time cost the connect storm dearly.
   */
  private readonly overlayCounts = new Map<string, number>();
  private readonly unsubscribers = new Map<string, () => void>();
  /** Per streamer, alerts waiting for the next round: id → the alert when it came with it. */
  private pendingAlerts = new Map<string, Map<number, OverlayAlert | null>>();
  private readonly deliveredIds = new Map<string, Set<number>>();
  private isFlushing = false;
  private flushScheduled = false;
  /** When the next fan-out round may start (performance.now() time); 0 is at once. */
  private nextRoundAt = 0;
  private readonly presence: OverlayPresence;
  private readonly presenceWrites = new Coalescer<void>();
  /** Streamers whose count changed since the last presence write began. */
  private readonly presenceChanged = new Set<string>();
  private readonly replays = new Coalescer<EncodedAlert[]>();
  private readonly latestIds = new Coalescer<number>();
  /** Hears each live alert once it is written to this instance's sockets (the metrics' latency). */
  onAlertWritten: ((createdAt: string) => void) | null = null;
  private readonly controlFlags = new Coalescer<StreamControlFlags>();

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly log: FastifyBaseLogger,
    /** How far back a connecting overlay gets alerts no overlay has shown yet. */
    private readonly unshownReplayMs: number,
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
    const isWidget = input.isWidget ?? false;
    const connection: OverlayConnection = {
      stream: input.stream,
      tokenId: input.tokenId,
      sentIds: isWidget ? null : new Set(),
      isReplaying: !isWidget,
      isWidget,
      heldControls: null,
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
    if (!isWidget) this.overlayCounts.set(input.streamerId, this.localCount(input.streamerId) + 1);
    input.stream.onClose(() => this.disconnect(input.streamerId, connection));
    if (isWidget) {
      input.stream.send({ event: 'ready', data: { replayed: 0 } });
      return;
    }
    const [replay, , flags] = await Promise.all([
      this.replays.run(`${input.streamerId}:${String(input.lastEventId)}`, async () =>
        encodeAlerts(
          await alertsToReplay(this.db, input.streamerId, input.lastEventId, this.unshownReplayMs),
        ),
      ),
      this.updatePresence(input.streamerId),
      this.controlFlags.run(input.streamerId, () => readControlFlags(this.db, input.streamerId)),
    ]);
    const sentIds = connection.sentIds ?? new Set<number>();
    const frames: Buffer[] = [];
    for (const alert of replay) {
      if (sentIds.has(alert.id)) continue;
      sentIds.add(alert.id);
      frames.push(alert.frame);
    }
    connection.isReplaying = false;
    connection.sentIds = sentIds.size > 0 ? sentIds : null;
    // `ready` carries the stream's position, so an overlay that drops before any alert reaches
    // it still resumes from here and gets what is written (and shown elsewhere) meanwhile.
    const position = Math.max(input.lastEventId ?? 0, ...sentIds);
    const ready = sseFrame({ id: position, event: 'ready', data: { replayed: replay.length } });
    // Pause and mute first (a paused overlay holds the replay), then the replay, `ready`, and
    // any control heard meanwhile, in one socket write.
    const held = connection.heldControls ?? [];
    connection.heldControls = null;
    input.stream.write(
      Buffer.concat([
        Buffer.from(controlStateFrame(flags)),
        ...frames,
        Buffer.from(ready + held.join('')),
      ]),
    );
  }

  /**
   * The streamer's newest alert id (0 without any), read after the call; overlays connecting
   * at once share one read.
   */
  latestAlertId(streamerId: string): Promise<number> {
    return this.latestIds.run(streamerId, () => latestAlertId(this.db, streamerId));
  }

  /** Overlays (not widgets) connected to this instance for a streamer. */
  localCount(streamerId: string): number {
    return this.overlayCounts.get(streamerId) ?? 0;
  }

  async close(): Promise<void> {
    for (const set of this.connections.values())
      for (const connection of set) connection.stream.close();
    await this.presence
      .close()
      .catch((error: unknown) => this.log.warn({ err: error }, 'could not clear overlay presence'));
  }

  private disconnect(streamerId: string, connection: OverlayConnection): void {
    const set = this.connections.get(streamerId);
    if (!set?.delete(connection)) return;
    if (!connection.isWidget) {
      const overlays = this.localCount(streamerId) - 1;
      if (overlays > 0) this.overlayCounts.set(streamerId, overlays);
      else this.overlayCounts.delete(streamerId);
    }
    if (set.size === 0) {
      this.connections.delete(streamerId);
      this.deliveredIds.delete(streamerId);
      this.unsubscribers.get(streamerId)?.();
      this.unsubscribers.delete(streamerId);
    }
    if (connection.isWidget) return;
    this.updatePresence(streamerId).catch((error: unknown) =>
      this.log.warn({ err: error }, 'could not update overlay presence'),
    );
  }

  /**
   * Stores this instance's overlay count for a streamer and tells dashboards. Overlays that
   * connect or leave meanwhile, whichever their streamer, share the next write: one statement
   * for all of them, reading each count when it starts.
   */
  private updatePresence(streamerId: string): Promise<void> {
    this.presenceChanged.add(streamerId);
    return this.presenceWrites.run('all', async () => {
      const streamerIds = [...this.presenceChanged];
      this.presenceChanged.clear();
      try {
        await this.presence.setMany(
          streamerIds.map((id) => ({ streamerId: id, connections: this.localCount(id) })),
        );
      } catch (error) {
        for (const id of streamerIds) this.presenceChanged.add(id); // the next write retries
        throw error;
      }
      for (const id of streamerIds) this.bus.publish({ kind: 'presence_changed', streamerId: id });
    });
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
    if (event.kind === 'stream_control') {
      void this.sendControl(event);
      return;
    }
    if (event.kind !== 'alert') return;
    const pending = this.pendingAlerts.get(event.streamerId) ?? new Map();
    pending.set(event.alertId, event.alert ?? pending.get(event.alertId) ?? null);
    this.pendingAlerts.set(event.streamerId, pending);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.isFlushing || this.flushScheduled) return;
    this.flushScheduled = true;
    const wait = this.nextRoundAt - performance.now();
    if (wait > 0) setTimeout(() => void this.flushAlerts(), wait);
    else setImmediate(() => void this.flushAlerts());
  }

  /**
   * Delivers every pending alert: one read per streamer for the pending ids that did not come
   * with their alert (those written on this instance do), then one write per stream. Alerts
   * that arrive meanwhile wait for the next round, so under load rounds grow instead of
   * queueing behind each other. A round over many sockets is costly (one system call each), so
   * the next one starts no sooner than a pause as long as the last round took: fan-out never
   * takes more than half the process, and webhooks keep being answered. An alert after a quiet
   * spell goes out at once.
   */
  private async flushAlerts(): Promise<void> {
    this.flushScheduled = false;
    this.isFlushing = true;
    try {
      while (this.pendingAlerts.size > 0) {
        const batches = this.pendingAlerts;
        this.pendingAlerts = new Map();
        const started = performance.now();
        await Promise.all(
          [...batches].map(([streamerId, pending]) => this.deliverAlerts(streamerId, pending)),
        );
        const roundMs = performance.now() - started;
        this.nextRoundAt = roundMs >= MIN_ROUND_PAUSE_MS ? started + 2 * roundMs : 0;
        const wait = this.nextRoundAt - performance.now();
        if (wait > 0 && this.pendingAlerts.size > 0) {
          await new Promise((resolve) => setTimeout(resolve, wait));
        }
      }
    } finally {
      this.isFlushing = false;
    }
  }

  private async deliverAlerts(
    streamerId: string,
    pending: Map<number, OverlayAlert | null>,
  ): Promise<void> {
    let alerts: EncodedAlert[];
    try {
      const arrived = [...pending.values()].filter((alert) => alert !== null);
      const toLoad = [...pending].filter(([, alert]) => alert === null).map(([id]) => id);
      const loaded =
        toLoad.length > 0 ? await loadAlerts(this.bus.deliveryDb, streamerId, toLoad) : [];
      alerts = encodeAlerts([...arrived, ...loaded].sort((a, b) => a.alert_id - b.alert_id));
    } catch (error) {
      // The alerts stay unshown in the outbox, so a reconnect replays them.
      this.log.error({ err: error, streamerId }, 'could not deliver alerts');
      return;
    }
    const delivered = this.deliveredIds.get(streamerId) ?? new Set<number>();
    this.deliveredIds.set(streamerId, delivered);
    const fresh = alerts.filter((alert) => !delivered.has(alert.id));
    if (fresh.length === 0) return;
    for (const alert of fresh) delivered.add(alert.id);
    for (const id of delivered) {
      if (delivered.size <= DELIVERED_IDS_KEPT) break;
      delivered.delete(id); // oldest first: a Set iterates in insertion order
    }

    const together = Buffer.concat(fresh.map((alert) => alert.frame));
    for (const connection of this.connections.get(streamerId) ?? []) {
      if (connection.sentIds === null && !connection.isReplaying) {
        connection.stream.write(together);
        continue;
      }
      // Rare: a stream that is replaying, or got some of these from its replay.
      const sentIds = connection.sentIds ?? new Set<number>();
      for (const alert of fresh) {
        if (sentIds.has(alert.id)) continue;
        if (connection.isReplaying) sentIds.add(alert.id);
        connection.stream.write(alert.frame);
      }
      connection.sentIds = sentIds.size > 0 ? sentIds : null;
    }
    if (this.onAlertWritten) for (const alert of fresh) this.onAlertWritten(alert.createdAt);
  }

  /**
   * A stream control (skip, pause, replay…) for every overlay of the streamer on this instance;
   * widgets play nothing and do not hear it. A stream still writing its replay gets it after.
   */
  private async sendControl(event: StreamControlEvent): Promise<void> {
    try {
      const frame = await controlFrame(this.bus.deliveryDb, event);
      if (frame === null) return;
      for (const connection of this.connections.get(event.streamerId) ?? []) {
        if (connection.isWidget) continue;
        if (connection.isReplaying) (connection.heldControls ??= []).push(frame);
        else connection.stream.write(frame);
      }
    } catch (error) {
      this.log.warn(
        { err: error, streamerId: event.streamerId },
        'could not send a stream control',
      );
    }
  }

  /** The streamer changed their settings: every stream hears `settings` with the new ones. */
  private async sendSettings(streamerId: string): Promise<void> {
    try {
      const settings = await loadOverlaySettings(this.bus.deliveryDb, streamerId);
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
}

function encodeAlerts(alerts: OverlayAlert[]): EncodedAlert[] {
  return alerts.map((alert) => ({
    id: alert.alert_id,
    frame: Buffer.from(sseFrame({ id: alert.alert_id, event: 'alert', data: alert })),
    createdAt: alert.created_at,
  }));
}
