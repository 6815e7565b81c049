import {
  alertDesignOf,
  alertImageUrlOf,
  alertSoundUrlOf,
  blockedWordsOf,
  DEFAULT_ALERT_SETTINGS,
  DEFAULT_HYPEREMOTE_TIERS,
  DEFAULT_MOBILE_DIALOG_TITLE,
  DEFAULT_PRESET_AMOUNTS_PAISE,
  type AlertMedia,
  type AlertSettings,
  type AlertVariation,
  type ModerationSettingsInput,
  type MoneySettings,
  type OverlayAlertVariation,
  type OverlaySettings,
  type PageSettings,
  type PublicStreamerSettings,
  type StreamerSettings,
} from '@shabaash/core';
import type { Streamer } from '../../db/schema.ts';

/**
 * Settings as they leave the server: the full set for the settings tab (members and admins),
 * the public part for the donation page, and the alert part for the overlay.
 */

/** A streamer's settings by section, in the API's words, defaults filled in. */
export type SettingsState = {
  page: PageSettings;
  money: MoneySettings;
  alerts: AlertSettings;
  moderation: ModerationSettingsInput;
};

export function settingsStateOf(streamer: Streamer): SettingsState {
  return {
    page: {
      name: streamer.name,
      brand_color: streamer.brandColor,
      theme: streamer.theme,
      form_variant: streamer.formVariant,
      language: streamer.language,
      welcome_text: streamer.welcomeText,
      social_links: streamer.socialLinks,
      show_emote_picker: streamer.showEmotePicker,
      show_leaderboard: streamer.showLeaderboard,
      mobile_dialog_title: streamer.mobileDialogTitle,
      hyperemote_message: streamer.hyperemoteMessage,
    },
    money: {
      min_amount_paise: streamer.minAmountPaise,
      hyperemote_price_paise: streamer.hyperemotePricePaise,
      hyperemote_tiers: streamer.hyperemoteTiers ?? DEFAULT_HYPEREMOTE_TIERS,
      preset_amounts_paise: streamer.presetAmountsPaise ?? [...DEFAULT_PRESET_AMOUNTS_PAISE],
    },
    // Alert settings saved before the text alert cap existed lack it, and variations saved
    // before the designer (issue 33) lack a design: the defaults fill in.
    alerts: alertSettingsOf(streamer.alertSettings),
    moderation: {
      moderation_mode: streamer.moderationMode,
      blocked_words: streamer.blockedWords,
      hide_amounts_from_moderators: streamer.hideAmountsFromModerators,
    },
  };
}

function alertSettingsOf(saved: AlertSettings | null): AlertSettings {
  const alerts = { ...DEFAULT_ALERT_SETTINGS, ...saved };
  return {
    ...alerts,
    variations: alerts.variations.map((variation) => ({
      ...variation,
      design: alertDesignOf(variation),
    })),
  };
}

/** `GET /api/streamers/:slug/settings`. */
export function presentSettings(streamer: Streamer, alertMedia: AlertMedia[]): StreamerSettings {
  const state = settingsStateOf(streamer);
  return {
    slug: streamer.slug,
    is_active: streamer.isActive,
    page: {
      ...state.page,
      avatar_url: streamer.avatarImageUrl,
      cover_image_url: streamer.coverImageUrl,
    },
    money: state.money,
    alerts: state.alerts,
    moderation: {
      moderation_mode: state.moderation.moderation_mode,
      blocked_words: [...blockedWordsOf(streamer)],
      uses_starter_words: streamer.blockedWords === null,
      hide_amounts_from_moderators: state.moderation.hide_amounts_from_moderators,
    },
    alert_media: alertMedia,
  };
}

/** What the donation page adds to the public profile (spread into presentPublicStreamer). */
export function presentPublicSettings(streamer: Streamer): PublicStreamerSettings {
  const { page, money } = settingsStateOf(streamer);
  return {
    avatar_url: streamer.avatarImageUrl,
    language: page.language,
    welcome_text: page.welcome_text,
    social_links: page.social_links,
    mobile_dialog_title: page.mobile_dialog_title ?? DEFAULT_MOBILE_DIALOG_TITLE,
    hyperemote_message: page.hyperemote_message,
    min_amount_paise: money.min_amount_paise,
    preset_amounts_paise: money.preset_amounts_paise,
    hyperemote_tiers: money.hyperemote_tiers,
  };
}

/** The overlay's settings: every alert variation with its sound and image as URLs. */
export function presentOverlaySettings(streamer: Streamer): OverlaySettings {
  const { alerts } = settingsStateOf(streamer);
  return {
    name: streamer.name,
    brand_color: streamer.brandColor,
    is_active: streamer.isActive,
    alert_variations: alerts.variations.map(presentOverlayVariation),
    text_alert_max_ms: alerts.text_alert_max_ms,
    language: streamer.language,
  };
}

function presentOverlayVariation(variation: AlertVariation): OverlayAlertVariation {
  const { sound: _sound, image_media_id: _imageMediaId, ...rest } = variation;
  return { ...rest, sound_url: alertSoundUrlOf(variation), image_url: alertImageUrlOf(variation) };
}
