import { formatRupees } from '@shabaash/core';
import { Pause, Play, RotateCcw, SkipForward, Trash2, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';

import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { ActivityItem, StreamControlAction, StreamControlState } from '../activity.api';
import {
  ACTIVITY_TEXT,
  CONTROL_LABELS,
  CONTROL_SHORTCUTS,
  SHORTCUT_LABELS,
} from '../activity.constants';
import { DONATION_TYPE_LABELS, MODERATION_LABELS, PAYMENT_LABELS } from '../dashboard.constants';
import { formatIndiaDateTime, formatRelativeTime } from '../relative-time';
import { useActivity, useSendStreamControl, useStreamControl } from '../use-activity';
import { useNow } from '../use-now';
import { InlineError } from './inline-error';

const STATUS_VARIANTS: Record<string, BadgeVariant> = {
  success: 'success',
  approved: 'success',
  auto_approved: 'success',
  pending: 'warning',
  failed: 'danger',
  rejected: 'danger',
};

type Control = { action: StreamControlAction; alert_id?: number };

/**
 * The activity feed with the stream controls (issue 24): what plays now and how many wait,
 * Skip, Pause / Resume, Mute / Unmute and Clear for every connected overlay, and each tip as it
 * arrives (any payment or moderation state, test alerts too) with Replay. On a desktop the
 * controls also answer single keys. `compact` is the phone page beside the stream.
 */
export function ActivityFeed({
  slug,
  overlays,
  compact = false,
}: {
  slug: string;
  /** Overlays connected now (null: not known yet). */
  overlays: number | null;
  compact?: boolean;
}) {
  const activity = useActivity(slug);
  const control = useStreamControl(slug);
  const send = useSendStreamControl(slug);
  const state = control.data;
  const items = activity.data;
  const latestReplayable = items?.find((item) => item.is_replayable) ?? null;
  const press = (next: Control) => send.mutate(next);

  useControlShortcuts({ state, latestReplayable, press });

  return (
    <section aria-labelledby={`${slug}-activity-title`} className="flex flex-col gap-4">
      <div className={cn(compact && 'sr-only')}>
        <h2 id={`${slug}-activity-title`} className="text-lg font-semibold text-slate-900">
          {ACTIVITY_TEXT.title}
        </h2>
        <p className="text-sm text-slate-600">{ACTIVITY_TEXT.description}</p>
      </div>
      <ControlBar
        state={state}
        items={items}
        overlays={overlays}
        isSending={send.isPending}
        press={press}
      />
      {compact ? null : <ShortcutLegend />}
      {activity.isError && !items ? (
        <InlineError
          message={ACTIVITY_TEXT.loadError}
          retryLabel={ACTIVITY_TEXT.retry}
          onRetry={() => void activity.refetch()}
          isRetrying={activity.isFetching}
        />
      ) : null}
      <ActivityList
        items={items}
        isLoading={activity.isPending}
        playingAlertId={state?.playing_alert_id ?? null}
        compact={compact}
        onReplay={(item) =>
          item.alert_id !== null && press({ action: 'replay', alert_id: item.alert_id })
        }
      />
    </section>
  );
}

function ControlBar({
  state,
  items,
  overlays,
  isSending,
  press,
}: {
  state: StreamControlState | undefined;
  items: ActivityItem[] | undefined;
  overlays: number | null;
  isSending: boolean;
  press: (control: Control) => void;
}) {
  const playing =
    state?.playing_alert_id == null
      ? null
      : (items?.find((item) => item.alert_id === state.playing_alert_id) ?? null);
  const isPaused = state?.is_paused ?? false;
  const isMuted = state?.is_muted ?? false;
  const hasOverlay = overlays !== 0;

  return (
    <div
      role="group"
      aria-label={ACTIVITY_TEXT.controlsLabel}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4"
    >
      <div aria-live="polite" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-semibold text-slate-900" data-now-playing>
          {ACTIVITY_TEXT.nowPlaying}:{' '}
          {hasOverlay && state?.playing_alert_id != null
            ? playing
              ? `${playing.name} · ${formatRupees(playing.amount_paise)}`
              : `#${String(state.playing_alert_id)}`
            : ACTIVITY_TEXT.nothingPlaying}
        </span>
        {hasOverlay ? (
          <span className="text-slate-600" data-waiting>
            {ACTIVITY_TEXT.waiting(state?.waiting ?? 0)}
          </span>
        ) : null}
        {isPaused ? <Badge variant="warning">{ACTIVITY_TEXT.paused}</Badge> : null}
        {isMuted ? <Badge variant="neutral">{ACTIVITY_TEXT.muted}</Badge> : null}
      </div>
      {hasOverlay ? null : <p className="text-sm text-slate-600">{ACTIVITY_TEXT.noOverlay}</p>}
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button
          size="sm"
          variant="outline"
          disabled={isSending}
          onClick={() => press({ action: 'skip' })}
        >
          <SkipForward aria-hidden="true" className="size-4" />
          {CONTROL_LABELS.skip}
        </Button>
        <Button
          size="sm"
          variant={isPaused ? 'primary' : 'outline'}
          aria-pressed={isPaused}
          disabled={isSending}
          onClick={() => press({ action: isPaused ? 'resume' : 'pause' })}
        >
          {isPaused ? (
            <Play aria-hidden="true" className="size-4" />
          ) : (
            <Pause aria-hidden="true" className="size-4" />
          )}
          {isPaused ? CONTROL_LABELS.resume : CONTROL_LABELS.pause}
        </Button>
        <Button
          size="sm"
          variant={isMuted ? 'primary' : 'outline'}
          aria-pressed={isMuted}
          disabled={isSending}
          onClick={() => press({ action: isMuted ? 'unmute' : 'mute' })}
        >
          {isMuted ? (
            <VolumeX aria-hidden="true" className="size-4" />
          ) : (
            <Volume2 aria-hidden="true" className="size-4" />
          )}
          {isMuted ? CONTROL_LABELS.unmute : CONTROL_LABELS.mute}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={isSending}
          onClick={() => press({ action: 'clear' })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {CONTROL_LABELS.clear}
        </Button>
      </div>
    </div>
  );
}

/** The shortcuts, shown only where there is a keyboard worth the name. */
function ShortcutLegend() {
  const titleId = useId();
  return (
    <div aria-labelledby={titleId} className="hidden text-sm text-slate-600 md:block">
      <p id={titleId} className="font-medium text-slate-700">
        {ACTIVITY_TEXT.shortcutsTitle}
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {CONTROL_SHORTCUTS.map((shortcut) => (
          <li key={shortcut.key}>
            <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 font-mono text-xs uppercase">
              {shortcut.key}
            </kbd>{' '}
            {SHORTCUT_LABELS[shortcut.control]}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ActivityList({
  items,
  isLoading,
  playingAlertId,
  compact,
  onReplay,
}: {
  items: ActivityItem[] | undefined;
  isLoading: boolean;
  playingAlertId: number | null;
  compact: boolean;
  onReplay: (item: ActivityItem) => void;
}) {
  const nowMs = useNow();
  if (isLoading) {
    return (
      <ul aria-busy="true" aria-label={ACTIVITY_TEXT.listLabel} className="flex flex-col gap-2">
        {[0, 1, 2].map((index) => (
          <li key={index} className="h-16 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (!items) return null;
  if (items.length === 0) {
    return (
      <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{ACTIVITY_TEXT.empty}</p>
    );
  }
  return (
    <ul aria-label={ACTIVITY_TEXT.listLabel} className="flex flex-col gap-2">
      {items.map((item) => (
        <li key={item.id}>
          <ActivityRow
            item={item}
            nowMs={nowMs}
            isPlaying={item.alert_id !== null && item.alert_id === playingAlertId}
            compact={compact}
            onReplay={onReplay}
          />
        </li>
      ))}
    </ul>
  );
}

function ActivityRow({
  item,
  nowMs,
  isPlaying,
  compact,
  onReplay,
}: {
  item: ActivityItem;
  nowMs: number;
  isPlaying: boolean;
  compact: boolean;
  onReplay: (item: ActivityItem) => void;
}) {
  const statuses =
    item.kind === 'test'
      ? [{ label: ACTIVITY_TEXT.testStatus, variant: 'brand' as const }]
      : [
          { status: item.payment_status ?? '', labels: PAYMENT_LABELS },
          // Review only starts once the tip is paid.
          ...(item.payment_status === 'success'
            ? [{ status: item.moderation_status ?? '', labels: MODERATION_LABELS }]
            : []),
        ].map(({ status, labels }) => ({
          label: labels[status] ?? status,
          variant: STATUS_VARIANTS[status] ?? 'neutral',
        }));
  return (
    <article
      data-activity-id={item.id}
      data-playing={isPlaying || undefined}
      className={cn(
        'flex flex-col gap-1.5 rounded-xl border bg-white',
        compact ? 'p-3' : 'p-4',
        isPlaying ? 'border-brand-500 ring-2 ring-brand-200' : 'border-slate-200',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900">
            {item.kind === 'test' ? ACTIVITY_TEXT.test : item.name}
          </h3>
          <p className="text-xs text-slate-500">
            {DONATION_TYPE_LABELS[item.type] ?? item.type} ·{' '}
            <time dateTime={item.created_at} title={formatIndiaDateTime(item.created_at)}>
              {formatRelativeTime(item.created_at, nowMs)}
            </time>
            {/* Only a tip that may play (it has an alert) is played or not yet. */}
            {item.alert_id === null
              ? null
              : ` · ${
                  isPlaying
                    ? ACTIVITY_TEXT.nowPlaying
                    : item.shown_at
                      ? ACTIVITY_TEXT.played
                      : ACTIVITY_TEXT.notPlayed
                }`}
          </p>
        </div>
        <p className="shrink-0 font-bold text-slate-900 tabular-nums">
          {formatRupees(item.amount_paise)}
        </p>
      </div>
      {item.message ? (
        <p className={cn('text-sm break-words text-slate-700', compact && 'line-clamp-2')}>
          {item.message_visible ? item.message : ACTIVITY_TEXT.hiddenMessage}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap gap-1.5">
          {statuses.map((status) => (
            <Badge key={status.label} variant={status.variant}>
              {status.label}
            </Badge>
          ))}
        </div>
        {item.is_replayable ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={ACTIVITY_TEXT.replayLabel(
              item.kind === 'test' ? ACTIVITY_TEXT.test : item.name,
            )}
            onClick={() => onReplay(item)}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            {ACTIVITY_TEXT.replay}
          </Button>
        ) : null}
      </div>
    </article>
  );
}

/**
 * The single-key shortcuts while the feed is open. Typing in a field, holding a modifier, or
 * a key held down (repeat) never sends a control.
 */
function useControlShortcuts({
  state,
  latestReplayable,
  press,
}: {
  state: StreamControlState | undefined;
  latestReplayable: ActivityItem | null;
  press: (control: Control) => void;
}) {
  // The listener stays put; it reads the latest state through a ref.
  const latest = useRef({ state, latestReplayable, press });
  useEffect(() => {
    latest.current = { state, latestReplayable, press };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.repeat || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (isTypingTarget(event.target)) return;
      const shortcut = CONTROL_SHORTCUTS.find((entry) => entry.key === event.key.toLowerCase());
      if (!shortcut) return;
      const { state: current, latestReplayable: newest, press: send } = latest.current;
      event.preventDefault();
      switch (shortcut.control) {
        case 'toggle-pause':
          send({ action: current?.is_paused ? 'resume' : 'pause' });
          return;
        case 'toggle-mute':
          send({ action: current?.is_muted ? 'unmute' : 'mute' });
          return;
        case 'replay':
          if (newest?.alert_id != null) send({ action: 'replay', alert_id: newest.alert_id });
          return;
        default:
          send({ action: shortcut.control });
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
