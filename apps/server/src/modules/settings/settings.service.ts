import {
  SETTINGS_MESSAGES,
  mediaPath,
  validMoneySettingsSchema,
  type AlertSettings,
  type ImageSlot,
  type OverlaySettings,
  type settingsUpdateSchema,
} from '@shabaash/core';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import type { EventBus } from '../../realtime/event-bus.ts';
import {
  findStreamerById,
  lockStreamerForUpdate,
  updateStreamerColumns,
  type StreamerChanges,
} from '../streamers/streamers.repository.ts';
import type { Streamer } from '../../db/schema.ts';
import {
  deleteMediaRows,
  deleteStoredFiles,
  findMediaFile,
  insertMediaRow,
  mediaIdFromUrl,
  ownedMediaIds,
  putMediaFile,
  type MediaContext,
  type PreparedMedia,
} from './media.service.ts';
import {
  isSameValue,
  recordAudit,
  type Actor,
  type AuditChange,
} from './settings-audit.service.ts';
import {
  presentOverlaySettings,
  settingsStateOf,
  type SettingsState,
} from './settings.presenter.ts';

export type SettingsContext = MediaContext & { bus: EventBus };
export type SettingsUpdateInput = z.output<typeof settingsUpdateSchema>;

type StreamerColumns = StreamerChanges;
type FieldSection = 'page' | 'money' | 'moderation';

/** Which column holds each field of the sectioned settings (alerts are one jsonb column). */
const COLUMN_OF = {
  page: {
    name: 'name',
    brand_color: 'brandColor',
    theme: 'theme',
    form_variant: 'formVariant',
    language: 'language',
    welcome_text: 'welcomeText',
    social_links: 'socialLinks',
    show_emote_picker: 'showEmotePicker',
    show_leaderboard: 'showLeaderboard',
    mobile_dialog_title: 'mobileDialogTitle',
    hyperemote_message: 'hyperemoteMessage',
  },
  money: {
    min_amount_paise: 'minAmountPaise',
    hyperemote_price_paise: 'hyperemotePricePaise',
    hyperemote_tiers: 'hyperemoteTiers',
    preset_amounts_paise: 'presetAmountsPaise',
  },
  moderation: {
    moderation_mode: 'moderationMode',
    blocked_words: 'blockedWords',
    hide_amounts_from_moderators: 'hideAmountsFromModerators',
  },
} as const satisfies {
  [Section in FieldSection]: Record<keyof SettingsState[Section], keyof StreamerColumns>;
};

/**
 * Applies a settings change: merges it into the current settings, checks the rules that join
 * fields, writes only what changed and records each change (who, old, new) in the same
 * transaction. Open overlays and donation pages hear about it after commit. Returns the
 * streamer as it now is.
 */
export async function updateSettings(
  context: SettingsContext,
  input: { streamerId: string; actor: Actor; update: SettingsUpdateInput },
): Promise<Streamer> {
  const { update } = input;
  const { streamer, hasChanged } = await context.db.transaction(async (tx) => {
    const current = await lockStreamer(tx, input.streamerId);
    const before = settingsStateOf(current);
    const after: SettingsState = {
      page: { ...before.page, ...update.page },
      money: update.money
        ? parseInput(validMoneySettingsSchema, { ...before.money, ...update.money })
        : before.money,
      alerts: update.alerts ?? before.alerts,
      moderation: { ...before.moderation, ...update.moderation },
    };
    if (update.alerts) await assertAlertMediaOwned(tx, current.id, update.alerts);

    const changes = diffSettings(before, after);
    if (changes.length === 0) return { streamer: current, hasChanged: false };
    const columns = Object.fromEntries(changes.map((change) => [change.column, change.value]));
    // Built from COLUMN_OF, whose `satisfies` ties each key to a streamers column.
    const updated = await updateStreamerColumns(tx, current.id, columns as StreamerColumns);
    if (!updated) throw new Error('streamer update returned nothing');
    await recordAudit(tx, { streamerId: current.id, actor: input.actor, changes });
    return { streamer: updated, hasChanged: true };
  });
  if (hasChanged) context.bus.publish({ kind: 'settings_changed', streamerId: streamer.id });
  return streamer;
}

/** The settings field each image slot is, in the API's (and the audit log's) words. */
const IMAGE_FIELD = { avatar: 'avatar_url', cover: 'cover_image_url' } as const;

/**
 * Sets or removes the avatar or cover image (the file already checked and resized). The old
 * file goes once the change has committed; a failed change removes the new one.
 */
export async function replaceStreamerImage(
  context: SettingsContext,
  input: { streamerId: string; slot: ImageSlot; actor: Actor; file: PreparedMedia | null },
): Promise<Streamer> {
  const stored = input.file
    ? await putMediaFile(context.storage, {
        streamerId: input.streamerId,
        kind: input.slot,
        uploadedBy: input.actor.id,
        file: input.file,
      })
    : null;
  const column = input.slot === 'avatar' ? 'avatarImageUrl' : 'coverImageUrl';
  try {
    const { streamer, oldKeys } = await context.db.transaction(async (tx) => {
      const current = await lockStreamer(tx, input.streamerId);
      const oldUrl = current[column];
      let newUrl: string | null = null;
      if (stored) {
        await insertMediaRow(tx, stored.row);
        newUrl = mediaPath(stored.row.id);
      }
      const updated = await updateStreamerColumns(tx, current.id, { [column]: newUrl });
      if (!updated) throw new Error('streamer update returned nothing');
      await recordAudit(tx, {
        streamerId: current.id,
        actor: input.actor,
        changes: [
          { section: 'page', field: IMAGE_FIELD[input.slot], oldValue: oldUrl, newValue: newUrl },
        ],
      });
      const oldMediaId = mediaIdFromUrl(oldUrl);
      const keys = oldMediaId ? await deleteMediaRows(tx, current.id, [oldMediaId]) : [];
      return { streamer: updated, oldKeys: keys };
    });
    await deleteStoredFiles(context, oldKeys);
    context.bus.publish({ kind: 'settings_changed', streamerId: streamer.id });
    return streamer;
  } catch (error) {
    await stored?.discard();
    throw error;
  }
}

/**
 * Deactivates or reactivates a streamer (admins): the donation page says it is not accepting
 * tips, orders are refused, and overlays stay connected but receive nothing.
 */
export async function setStreamerActive(
  context: Pick<SettingsContext, 'db' | 'bus'>,
  input: { streamerId: string; isActive: boolean; actor: Actor },
): Promise<Streamer> {
  const { streamer, hasChanged } = await context.db.transaction(async (tx) => {
    const current = await lockStreamer(tx, input.streamerId);
    if (current.isActive === input.isActive) return { streamer: current, hasChanged: false };
    const updated = await updateStreamerColumns(tx, current.id, { isActive: input.isActive });
    if (!updated) throw new Error('streamer update returned nothing');
    await recordAudit(tx, {
      streamerId: current.id,
      actor: input.actor,
      changes: [
        {
          section: 'admin',
          field: 'is_active',
          oldValue: current.isActive,
          newValue: input.isActive,
        },
      ],
    });
    return { streamer: updated, hasChanged: true };
  });
  if (hasChanged) context.bus.publish({ kind: 'settings_changed', streamerId: streamer.id });
  return streamer;
}

/** Deletes an uploaded alert sound or image, unless an alert variation still uses it. */
export async function deleteAlertMedia(
  context: SettingsContext,
  input: { streamer: Streamer; mediaId: string },
): Promise<void> {
  const media = await findMediaFile(context.db, input.mediaId);
  const isAlertMedia = media?.kind === 'alert_image' || media?.kind === 'alert_sound';
  if (!media || media.streamerId !== input.streamer.id || !isAlertMedia) {
    throw notFound('This file does not exist.', 'media_not_found');
  }
  const keys = await context.db.transaction(async (tx) => {
    const current = await lockStreamer(tx, input.streamer.id);
    if (usedMediaIds(settingsStateOf(current).alerts).has(media.id)) {
      throw conflict('This file is used by an alert. Change that alert first.', 'media_in_use');
    }
    return deleteMediaRows(tx, current.id, [media.id]);
  });
  await deleteStoredFiles(context, keys);
}

async function lockStreamer(tx: Transaction, streamerId: string): Promise<Streamer> {
  const row = await lockStreamerForUpdate(tx, streamerId);
  if (!row) throw notFound('This streamer does not exist.', 'streamer_not_found');
  return row;
}

type ColumnChange = AuditChange & { column: keyof StreamerColumns; value: unknown };

function diffSettings(before: SettingsState, after: SettingsState): ColumnChange[] {
  const changes: ColumnChange[] = [];
  for (const section of ['page', 'money', 'moderation'] as const) {
    const old: Record<string, unknown> = before[section];
    const next: Record<string, unknown> = after[section];
    for (const [field, column] of Object.entries(COLUMN_OF[section])) {
      if (isSameValue(old[field], next[field])) continue;
      changes.push({
        section,
        field,
        oldValue: old[field],
        newValue: next[field],
        column,
        value: next[field],
      });
    }
  }
  if (before.alerts.text_alert_max_ms !== after.alerts.text_alert_max_ms) {
    changes.push({
      section: 'alerts',
      field: 'text_alert_max_ms',
      oldValue: before.alerts.text_alert_max_ms,
      newValue: after.alerts.text_alert_max_ms,
      column: 'alertSettings',
      value: after.alerts,
    });
  }
  if (!isSameValue(before.alerts.variations, after.alerts.variations)) {
    changes.push({
      section: 'alerts',
      field: 'variations',
      oldValue: before.alerts.variations,
      newValue: after.alerts.variations,
      column: 'alertSettings',
      value: after.alerts,
    });
  }
  return changes;
}

function usedMediaIds(alerts: AlertSettings): Set<string> {
  return new Set(
    alerts.variations.flatMap((variation) => [
      ...(variation.sound.kind === 'upload' ? [variation.sound.media_id] : []),
      ...(variation.image_media_id ? [variation.image_media_id] : []),
    ]),
  );
}

/** Every sound and image an alert variation names must be this streamer's upload of that kind. */
async function assertAlertMediaOwned(
  tx: Transaction,
  streamerId: string,
  alerts: AlertSettings,
): Promise<void> {
  const soundIds = [
    ...new Set(
      alerts.variations.flatMap((variation) =>
        variation.sound.kind === 'upload' ? [variation.sound.media_id] : [],
      ),
    ),
  ];
  const imageIds = [
    ...new Set(alerts.variations.flatMap((variation) => variation.image_media_id ?? [])),
  ];
  const sounds = await ownedMediaIds(tx, streamerId, 'alert_sound', soundIds);
  const images = await ownedMediaIds(tx, streamerId, 'alert_image', imageIds);
  if (sounds.size !== soundIds.length || images.size !== imageIds.length) {
    throw badRequest(SETTINGS_MESSAGES.mediaUnknown, 'media_unknown');
  }
}

/** The overlay's settings of a streamer by id (the overlay stream's `settings` event). */
export async function loadOverlaySettings(
  db: Database,
  streamerId: string,
): Promise<OverlaySettings | null> {
  const streamer = await findStreamerById(db, streamerId);
  return streamer ? presentOverlaySettings(streamer) : null;
}
