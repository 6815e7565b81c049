import { formatRupees, type MailLocale } from '@shabaash/core';

/**
 * What the bot writes, in English and Hindi side by side (issue 21): the catalog's type asks for
 * both languages of every text, so a missing translation does not compile. A moderator gets
 * the language their Telegram app is set to (`language_code`, kept per user); the commands
 * (/skip, /pause …) keep their English names in both.
 */
export type TelegramLocale = MailLocale;

/** Telegram's language code of a user's app ("hi", "en-GB", …) as one of ours; English otherwise. */
export function telegramLocaleOf(languageCode: string | undefined): TelegramLocale {
  return languageCode?.toLowerCase().split('-')[0] === 'hi' ? 'hi' : 'en';
}

/** Text placed in a message in Telegram's HTML parse mode. */
export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A review request's facts, already cleaned of anything unsafe to show (sanitizeText). */
export type ReviewFacts = {
  streamerName: string;
  donorName: string;
  /** Null when the streamer hides amounts from their moderators. */
  amountPaise: number | null;
  message: string;
  isHyperemote: boolean;
  hasVoice: boolean;
  /** A media tip (issue 26): its GIF or video follows the message. */
  hasMedia?: boolean;
};

/** The stream controls a moderator sends from Telegram (modules/stream-control). */
export type TelegramControlCommand = 'skip' | 'pause' | 'resume' | 'replay';

type TelegramWords = {
  start: (userId: number) => string;
  reviewTitle: (streamerName: string) => string;
  tipped: (donorName: string, amountPaise: number | null) => string;
  hyperemote: string;
  voiceAttached: string;
  voiceCaption: string;
  mediaAttached: string;
  mediaCaption: string;
  approveButton: string;
  rejectButton: string;
  approved: string;
  rejected: string;
  decidedBy: (decision: 'approve' | 'reject', who: string) => string;
  notModerator: string;
  /** The replies to /skip, /pause, /resume and /replay: plain text, not HTML. */
  controlDone: Record<TelegramControlCommand, string>;
  notLinkedModerator: string;
  chooseStreamer: (command: TelegramControlCommand, slugs: string[]) => string;
  unknownStreamer: (slug: string) => string;
  forStreamer: (done: string, streamerName: string) => string;
};

const commandsFor = (command: TelegramControlCommand, slugs: string[]) =>
  slugs.map((slug) => `/${command} ${slug}`).join(', ');

/** Every text in HTML parse mode; whatever a user wrote is escaped here. */
const TEXTS: Record<TelegramLocale, TelegramWords> = {
  en: {
    start: (userId) =>
      `Namaste! Your Telegram user ID is <code>${userId}</code>.\n\nAsk the streamer to paste it in their Shabaash dashboard (Telegram tab). Donations waiting for review will then reach you here with Approve and Reject buttons.\n\nDuring a stream: /skip the alert on screen, /pause and /resume alerts, /replay the latest one.`,
    reviewTitle: (streamerName) =>
      `<b>New donation for ${escapeHtml(streamerName)} — waiting for review</b>`,
    tipped: (donorName, amountPaise) =>
      amountPaise === null
        ? `${escapeHtml(donorName)} sent a tip`
        : `${escapeHtml(donorName)} tipped <b>${formatRupees(amountPaise)}</b>`,
    hyperemote: '✨ Hyperemote',
    voiceAttached: '🎤 Voice message attached',
    voiceCaption: '🎤 Voice message',
    mediaAttached: '🎞️ GIF / video attached (sent below): check it before approving',
    mediaCaption: '🎞️ The fan’s GIF / video (muted on stream unless you allow audio)',
    approveButton: '✅ Approve',
    rejectButton: '❌ Reject',
    approved: 'Approved',
    rejected: 'Rejected',
    decidedBy: (decision, who) =>
      `${decision === 'approve' ? '✅ Approved' : '❌ Rejected'} by ${escapeHtml(who)}`,
    notModerator: 'You are not a moderator of this streamer.',
    controlDone: {
      skip: '⏭ Skipped the alert on screen',
      pause: '⏸ Alerts paused; new ones wait until /resume',
      resume: '▶️ Alerts resumed',
      replay: '🔁 Replaying the latest alert',
    },
    notLinkedModerator: 'You are not a linked moderator of any streamer.',
    chooseStreamer: (command, slugs) =>
      `You moderate several streamers. Say which: ${commandsFor(command, slugs)}`,
    unknownStreamer: (slug) => `You are not a moderator of “${slug}”.`,
    forStreamer: (done, streamerName) => `${done} for ${streamerName}.`,
  },
  hi: {
    start: (userId) =>
      `नमस्ते! आपकी Telegram यूज़र ID <code>${userId}</code> है।\n\nस्ट्रीमर से कहिए कि वे इसे अपने Shabaash डैशबोर्ड (Telegram टैब) में पेस्ट करें। उसके बाद रिव्यू के लिए रुके टिप यहीं आएँगे, मंज़ूर और रिजेक्ट के बटन के साथ।\n\nस्ट्रीम के दौरान: /skip से स्क्रीन वाला अलर्ट हटाइए, /pause और /resume से अलर्ट रोकिए और फिर चलाइए, /replay से आख़िरी अलर्ट दोबारा चलाइए।`,
    reviewTitle: (streamerName) =>
      `<b>${escapeHtml(streamerName)} के लिए नया टिप — रिव्यू का इंतज़ार</b>`,
    tipped: (donorName, amountPaise) =>
      amountPaise === null
        ? `${escapeHtml(donorName)} ने टिप भेजा`
        : `${escapeHtml(donorName)} ने <b>${formatRupees(amountPaise)}</b> भेजे`,
    hyperemote: '✨ हाइपरइमोट',
    voiceAttached: '🎤 साथ में वॉइस मैसेज है',
    voiceCaption: '🎤 वॉइस मैसेज',
    mediaAttached: '🎞️ साथ में GIF / वीडियो है (नीचे भेजा गया): मंज़ूर करने से पहले देखें',
    mediaCaption: '🎞️ फ़ैन का GIF / वीडियो',
    approveButton: '✅ मंज़ूर करें',
    rejectButton: '❌ रिजेक्ट करें',
    approved: 'मंज़ूर हुआ',
    rejected: 'रिजेक्ट हुआ',
    decidedBy: (decision, who) =>
      `${decision === 'approve' ? '✅ मंज़ूर किया' : '❌ रिजेक्ट किया'}: ${escapeHtml(who)}`,
    notModerator: 'आप इस स्ट्रीमर के मॉडरेटर नहीं हैं।',
    controlDone: {
      skip: '⏭ स्क्रीन वाला अलर्ट हटा दिया',
      pause: '⏸ अलर्ट रोक दिए; नए अलर्ट /resume तक रुके रहेंगे',
      resume: '▶️ अलर्ट फिर से चालू',
      replay: '🔁 आख़िरी अलर्ट दोबारा चल रहा है',
    },
    notLinkedModerator: 'आप किसी भी स्ट्रीमर के लिंक किए हुए मॉडरेटर नहीं हैं।',
    chooseStreamer: (command, slugs) =>
      `आप कई स्ट्रीमर के मॉडरेटर हैं। बताइए किसके लिए: ${commandsFor(command, slugs)}`,
    unknownStreamer: (slug) => `आप “${slug}” के मॉडरेटर नहीं हैं।`,
    forStreamer: (done, streamerName) => `${streamerName}: ${done}।`,
  },
};

export function telegramTexts(locale: TelegramLocale): TelegramWords {
  return TEXTS[locale];
}

/** The review message in one language: who tipped, how much, what they wrote. */
export function reviewMessage(locale: TelegramLocale, facts: ReviewFacts): string {
  const words = TEXTS[locale];
  const lines = [
    words.reviewTitle(facts.streamerName),
    words.tipped(facts.donorName, facts.amountPaise),
  ];
  if (facts.message) lines.push(`“${escapeHtml(facts.message)}”`);
  if (facts.isHyperemote) lines.push(words.hyperemote);
  if (facts.hasVoice) lines.push(words.voiceAttached);
  if (facts.hasMedia) lines.push(words.mediaAttached);
  return lines.join('\n');
}
