import {
  DEFAULT_ALERT_DESIGN,
  STARTER_BLOCKED_WORDS,
  parseRupeeInput,
  validMoneySettingsSchema,
  type AlertVariation,
  type DonationType,
  type MoneySettings,
  type SettingsUpdate,
  type StreamerSettings,
} from '@shabaash/core';

import { SETTINGS_TEXT } from './settings.constants';

/**
 * The settings forms' pure parts: rupee text ↔ paise, drafts ↔ API values, and the optimistic
 * copy of the settings shown while a save is on its way.
 */

/** The first message of a failed zod parse (the schemas carry the words users read). */
export function firstProblem(result: {
  success: boolean;
  error?: { issues: Array<{ message: string }> };
}): string | null {
  if (result.success) return null;
  return result.error?.issues[0]?.message ?? null;
}

/** Paise as the rupee text a person types: 5100 → "51", 5150 → "51.50". */
export function rupeesText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2);
}

/** "51, 101 251" → [5100, 10100, 25100]; null when any part is not a rupee amount. */
export function parseRupeeList(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter((part) => part !== '');
  const amounts = parts.map(parseRupeeInput);
  return amounts.every((amount): amount is number => amount !== null) ? amounts : null;
}

export type MoneyDraft = {
  minAmount: string;
  hyperemotePrice: string;
  basicFrom: string;
  epicFrom: string;
  legendaryFrom: string;
  presets: string;
};

export function moneyDraftFrom(money: MoneySettings): MoneyDraft {
  return {
    minAmount: rupeesText(money.min_amount_paise),
    hyperemotePrice: rupeesText(money.hyperemote_price_paise),
    basicFrom: rupeesText(money.hyperemote_tiers.basic_from_paise),
    epicFrom: rupeesText(money.hyperemote_tiers.epic_from_paise),
    legendaryFrom: rupeesText(money.hyperemote_tiers.legendary_from_paise),
    presets: money.preset_amounts_paise.map(rupeesText).join(', '),
  };
}

/** The money section from its draft, checked by the same rules as the server. */
export function moneyFromDraft(draft: MoneyDraft): { money: MoneySettings } | { problem: string } {
  const amounts = [
    draft.minAmount,
    draft.hyperemotePrice,
    draft.basicFrom,
    draft.epicFrom,
    draft.legendaryFrom,
  ].map(parseRupeeInput);
  const presets = parseRupeeList(draft.presets);
  const [min, price, basic, epic, legendary] = amounts;
  if (
    min == null ||
    price == null ||
    basic == null ||
    epic == null ||
    legendary == null ||
    presets === null
  ) {
    return { problem: SETTINGS_TEXT.rupeesInvalid };
  }
  const result = validMoneySettingsSchema.safeParse({
    min_amount_paise: min,
    hyperemote_price_paise: price,
    hyperemote_tiers: {
      basic_from_paise: basic,
      epic_from_paise: epic,
      legendary_from_paise: legendary,
    },
    preset_amounts_paise: presets,
  });
  if (!result.success) return { problem: firstProblem(result) ?? SETTINGS_TEXT.rupeesInvalid };
  return { money: result.data };
}

/** Blocked words as the text box shows them: one per line. */
export function blockedWordsText(words: readonly string[]): string {
  return words.join('\n');
}

export function blockedWordsFromText(text: string): string[] {
  return text
    .split(/\r?\n|,/)
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

/** A fresh variation id: short, lower-case, unique enough within one streamer's list. */
export function newVariationId(random: () => number = Math.random): string {
  return `v-${Math.floor(random() * 36 ** 8)
    .toString(36)
    .padStart(8, '0')}`;
}

export function newVariation(type: DonationType, minAmountPaise: number): AlertVariation {
  return {
    id: newVariationId(),
    donation_type: type,
    min_amount_paise: minAmountPaise,
    duration_ms: null,
    sound: { kind: 'bundled', id: 'chime' },
    image_media_id: null,
    template: '{name} tipped {amount}',
    sound_min_amount_paise: 0,
    design: DEFAULT_ALERT_DESIGN,
  };
}

/**
 * The settings as they will be once `update` is saved: shown at once (optimistic UI), and
 * replaced by the server's answer, or rolled back if the save fails.
 */
export function applyOptimisticUpdate(
  settings: StreamerSettings,
  update: SettingsUpdate,
): StreamerSettings {
  const moderation = update.moderation ?? {};
  const blockedWords = moderation.blocked_words;
  return {
    ...settings,
    // Optimistic copies hold what was sent; the server's answer carries the cleaned values.
    page: { ...settings.page, ...(update.page as Partial<StreamerSettings['page']>) },
    money: { ...settings.money, ...(update.money as Partial<MoneySettings>) },
    alerts: (update.alerts as StreamerSettings['alerts'] | undefined) ?? settings.alerts,
    moderation: {
      ...settings.moderation,
      ...(moderation.moderation_mode ? { moderation_mode: moderation.moderation_mode } : {}),
      ...(moderation.hide_amounts_from_moderators === undefined
        ? {}
        : { hide_amounts_from_moderators: moderation.hide_amounts_from_moderators }),
      ...(blockedWords === undefined
        ? {}
        : {
            blocked_words: blockedWords ?? [...STARTER_BLOCKED_WORDS],
            uses_starter_words: blockedWords === null,
          }),
    },
  };
}
