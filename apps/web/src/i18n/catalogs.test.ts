import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, ONBOARDING_MESSAGES, slugSchema, type Language } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import {
  DONATION_TEXT,
  TEXT_TIP_HINTS,
  dialogTitleIn,
} from '../features/donation/donation.constants';
import {
  DONATIONS_TEXT,
  MODERATION_LABELS,
  STATS_TEXT,
  TAB_LABELS,
  donationCountText,
  moderatedByText,
  newTipText,
  overlaysConnectedText,
  pendingOverflowText,
} from '../features/dashboard/dashboard.constants';
import { formatRelativeTime } from '../features/dashboard/relative-time';
import { ACTIVITY_TEXT } from '../features/dashboard/activity.constants';
import '../features/dashboard/obs-setup.constants';
import '../features/dashboard/telegram.constants';
import { GOAL_TEXT } from '../features/goals/goals.constants';
import { SETTINGS_TEXT } from '../features/settings/settings.constants';
import { LEADERBOARD_TEXT, PERIOD_TABS } from '../features/leaderboard/leaderboard.constants';
import { alertTemplateIn } from '../features/obs-overlay/overlay.constants';
import { PAYMENT_STATUS_TEXT } from '../features/payment-status/payment-status.constants';
// Every module that localizes a text set, so LOCALIZED_SOURCES holds them all.
import '../features/checkout/checkout.constants';
import { MEDIA_TIP_TEXT } from '../features/media-tip/media-tip.constants';
import '../features/privacy-notice/privacy-notice.constants';
import '../features/voice-recorder/voice-recorder.constants';
import '../features/widgets/widgets.constants';
import '../lib/api-error';
import '../components/ui/ui.constants';
import '../features/privacy/privacy-rights.constants';
import '../features/privacy/privacy-panel.constants';
// The marketing site's public pages (the `marketing` area).
import '../features/marketing/marketing.constants';
import '../features/marketing/showcase/showcase.constants';
import '../features/contact/contact.constants';
import '../features/blog/blog.constants';
// Sign in, sign up, password reset and e-mail verification (the `auth` area).
import '../features/auth/auth.constants';
import '../features/onboarding/onboarding.constants';
// The signed-in pages: the dashboard's Analytics and Settings parts (`dashboard`), and the
// account, plans and test-alert pages and the tab titles (`account`).
import { ANALYTICS_LABELS, ANALYTICS_TEXT } from '../features/analytics/analytics.constants';
import { SPEECH_TEXT } from '../features/settings/speech-settings.constants';
import { YOUTUBE_TEXT } from '../features/settings/youtube-chat.constants';
import { DESIGNER_TEXT } from '../features/settings/alert-designer.constants';
import '../features/settings/media-tips-settings-form';
import { PAYOUTS_TEXT } from '../features/payouts/payouts.constants';
import { PLANS_TEXT } from '../features/plans/plans.constants';
import { testAlertSentMessage } from '../features/test-alerts/test-alerts.constants';
import { ACCOUNT_TEXT } from '../features/account/account.constants';
import { PAGE_TITLES } from '../features/dashboard/page-titles';
import { slugReasonText } from '../features/onboarding/onboarding.constants';
import { ADMIN_TEXT } from '../features/admin-console/admin-console.constants';
import { BACKUPS_TEXT } from '../features/admin-console/backups.constants';
import { YOUTUBE_QUOTA_TEXT } from '../features/admin-console/youtube-quota-panel';
import '../features/invite/invite.constants';
import { activateLanguage, addCatalogs, LOCALIZED_SOURCES, type CatalogArea } from './i18n';

/** Every catalog file, as written (src/i18n/catalogs/<area>/<language>.json). */
const FILES = import.meta.glob<Record<string, string>>('./catalogs/*/*.json', {
  eager: true,
  import: 'default',
});
const CATALOGS: Record<string, Partial<Record<string, Record<string, string>>>> = {};
for (const [file, messages] of Object.entries(FILES)) {
  const [, area = '', language = ''] = /\.\/catalogs\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  (CATALOGS[area] ??= {})[language] = messages;
}
const AREAS = Object.keys(CATALOGS) as CatalogArea[];
const catalog = (area: string, language: string) => CATALOGS[area]?.[language] ?? {};

/** The placeholder names of a message ({name}, {count, plural, …}), sorted. */
function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: ReturnType<typeof compileMessageOrThrow>) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      names.add(token[0]);
      const choices = token[2];
      if (choices && typeof choices === 'object') {
        for (const [key, choice] of Object.entries(choices)) {
          if (key !== 'offset' && Array.isArray(choice)) walk(choice);
        }
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

/** The test's catalogs are the JSON as written: Lingui compiles them here (not in production). */
function speak(language: Language): void {
  addCatalogs(
    language,
    AREAS.map((area) => ({ area, messages: catalog(area, language) })),
  );
  activateLanguage(language);
}

/** Each string of a localized text set, by its message id. */
function flatten(prefix: string, value: unknown, into: Map<string, string>) {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(`${prefix}.${key}`, child, into);
  }
  return into;
}

it('finds the catalogs of every area', () => {
  expect(AREAS.sort()).toEqual([
    'account',
    'auth',
    'dashboard',
    'donation',
    'marketing',
    'media',
    'overlay',
    'plans',
    'status',
    'ui',
    'voice',
  ]);
});

describe.each(AREAS)('the %s catalogs', (area) => {
  const source = catalog(area, 'en-IN');

  it.each(LANGUAGES)('%s has every message of en-IN and no other', (language) => {
    expect(CATALOGS[area]?.[language], `${area}/${language}.json`).toBeDefined();
    expect(Object.keys(catalog(area, language)).sort()).toEqual(Object.keys(source).sort());
  });

  it.each(LANGUAGES)('%s messages parse and use the placeholders en-IN uses', (language) => {
    for (const [id, message] of Object.entries(catalog(area, language))) {
      expect(placeholdersOf(message), id).toEqual(placeholdersOf(source[id] ?? ''));
    }
  });
});

describe('the en-IN catalogs are the English the pages had', () => {
  it('holds every localized text exactly as its English constant, and renders it so', () => {
    speak('en-IN');
    const english = new Map<string, string>();
    for (const { prefix, english: texts } of LOCALIZED_SOURCES) flatten(prefix, texts, english);
    const sources = Object.assign({}, ...AREAS.map((area) => catalog(area, 'en-IN'))) as Record<
      string,
      string
    >;
    for (const [id, text] of english) expect(sources[id], id).toBe(text);
    expect(DONATION_TEXT.nameLabel).toBe('Your Name');
    expect(DONATION_TEXT.anonymousHint).toBe(
      "Your name shows as 'Anonymous' on stream, on this page and on the leaderboards.",
    );
  });

  it('fills values in as the English functions did', () => {
    speak('en-IN');
    expect(DONATION_TEXT.amountHint(100)).toBe('From ₹1 to ₹1,00,000.');
    expect(DONATION_TEXT.charactersLeft(1)).toBe('1 character left');
    expect(DONATION_TEXT.charactersLeft(0)).toBe('0 characters left');
    expect(DONATION_TEXT.charactersLeft(499)).toBe('499 characters left');
    expect(TEXT_TIP_HINTS.readAloudFrom(5000)).toBe('Read aloud from ₹50');
    expect(LEADERBOARD_TEXT.tips(1)).toBe('1 tip');
    expect(LEADERBOARD_TEXT.tips(12)).toBe('12 tips');
    expect(GOAL_TEXT.raisedOf('₹10', '₹100')).toBe('₹10 of ₹100');
    expect(PAYMENT_STATUS_TEXT.thanksTo('Asha')).toBe('Thank you for supporting Asha!');
    expect(MEDIA_TIP_TEXT.hint(20, 15, true)).toBe(
      'GIF, WebP, MP4 or WEBM, up to 20 MB and 15 seconds. The streamer reviews it before it is shown.',
    );
    expect(MEDIA_TIP_TEXT.uploading(42)).toBe('Uploading… 42%');
    expect(alertTemplateIn('{name} tipped {amount}')).toBe('{name} tipped {amount}');
    expect(dialogTitleIn('Complete Your Donation')).toBe('Complete Your Donation');
    // The dashboard (issue 21): the spec's words, as before.
    expect(donationCountText(1)).toBe('from 1 donation');
    expect(donationCountText(123456)).toBe('from 1,23,456 donations');
    expect(overlaysConnectedText(1)).toBe('1 overlay connected');
    expect(overlaysConnectedText(0)).toBe('0 overlays connected');
    expect(pendingOverflowText(20, 34)).toBe('Showing the 20 newest of 34.');
    expect(DONATIONS_TEXT.heldForWord('spam')).toBe(
      'Held because it contains the blocked word “spam”.',
    );
    expect(
      moderatedByText({
        status: 'rejected',
        verb: MODERATION_LABELS.rejected ?? '',
        name: 'Ravi',
        via: ` ${DONATIONS_TEXT.viaTelegram}`,
        when: ' 2 minutes ago',
      }),
    ).toBe('Rejected by Ravi via Telegram 2 minutes ago');
    expect(newTipText('Asha', '₹51', true)).toBe("Asha tipped ₹51. It's waiting for your review.");
    expect(newTipText('Asha', '₹51', false)).toBe('Asha tipped ₹51');
    expect(SETTINGS_TEXT.templateHint()).toBe('Plain text. Use {name} and {amount}.');
    expect(ACTIVITY_TEXT.waiting(1)).toBe('1 alert waiting');
    expect(ACTIVITY_TEXT.waiting(3)).toBe('3 alerts waiting');
    // The signed-in pages (issue 21).
    expect(ANALYTICS_TEXT.summary(1, '₹51')).toBe('1 tip · ₹51');
    expect(ANALYTICS_TEXT.summary(123456, '₹1,00,000')).toBe('1,23,456 tips · ₹1,00,000');
    expect(ANALYTICS_TEXT.revenueTitle(30)).toBe('Revenue per day, last 30 days');
    expect(ANALYTICS_LABELS.weekdaysShort).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(SPEECH_TEXT.templateHint()).toBe('Use {name}, {amount} and {message}.');
    expect(SPEECH_TEXT.maxCharsHint()).toMatch(/^Longer messages are cut at a word \(\d+–\d+\)\.$/);
    expect(SPEECH_TEXT.emotionHint()).toMatch(/^Fans may write \[\w+\](, \[\w+\])* to change/);
    expect(YOUTUBE_TEXT.quota(120, 2000)).toBe(
      'YouTube quota used today: 120 of your 2000 units (it resets at midnight Pacific time).',
    );
    expect(DESIGNER_TEXT.themeApplied('Diwali lights')).toBe(
      'Diwali lights theme applied. Save to use it on stream.',
    );
    expect(PAYOUTS_TEXT.modeOf('production')).toBe('Production');
    expect(PAYOUTS_TEXT.modeOf('sandbox')).toBe('Test (sandbox)');
    expect(PAYOUTS_TEXT.splitRoute(2.5)).toContain('the tip less this site’s 2.5 % fee');
    expect(PAYOUTS_TEXT.splitRoute(0)).toContain('settles the whole tip');
    expect(PAYOUTS_TEXT.razorpay.secretEnding('ab12')).toBe('Key Secret ending …ab12');
    expect(PLANS_TEXT.orderPaid('Base Plan')).toBe(
      'Payment received: the Base Plan is active on this page.',
    );
    expect(testAlertSentMessage(2)).toBe('Test alert sent! Active connections: 2');
    expect(PAGE_TITLES.plans('asha')).toBe('Plans · asha');
    expect(slugReasonText(ONBOARDING_MESSAGES.slugTaken)).toBe(ONBOARDING_MESSAGES.slugTaken);
    expect(ADMIN_TEXT.created('asha')).toBe('Streamer /asha created');
    expect(BACKUPS_TEXT.keeps(7, 4)).toBe(
      'Keeps the newest of the last 7 days and of the 4 weeks before them',
    );
    expect(YOUTUBE_QUOTA_TEXT.summary(10, 9000, 10000)).toBe(
      "10 of 9000 units used for chat posting (the share of the project's 10000 units a day).",
    );
  });
});

describe('the hi catalog', () => {
  it('speaks Hindi, with =0 where Hindi’s "one" would read wrong', () => {
    speak('hi');
    expect(DONATION_TEXT.nameLabel).toBe('आपका नाम');
    expect(DONATION_TEXT.charactersLeft(0)).toBe('और अक्षर नहीं लिख सकते');
    expect(DONATION_TEXT.charactersLeft(1)).toBe('1 अक्षर बाकी');
    expect(LEADERBOARD_TEXT.tips(0)).toBe('कोई टिप नहीं');
    expect(DONATION_TEXT.amountHint(100)).toBe('₹1 से ₹1,00,000 तक।');
    expect(PERIOD_TABS.map((tab) => tab.label)).toEqual(['आज', 'हफ़्ता', 'महीना', 'अब तक']);
    // A streamer's own template stays as written; the built-in one is translated.
    expect(alertTemplateIn('{name} tipped {amount}')).toBe('{name} ने {amount} की टिप दी');
    expect(alertTemplateIn('{name} sent {amount}!')).toBe('{name} sent {amount}!');
    expect(dialogTitleIn('Complete Your Donation')).toBe('अपनी टिप पूरी करें');
    expect(dialogTitleIn('Enter Mobile Number')).toBe('Enter Mobile Number');
    // The dashboard in the user's language.
    expect(STATS_TEXT.totalRevenue).toBe('कुल कमाई');
    expect(TAB_LABELS.approved).toBe('अप्रूव्ड डोनेशन');
    expect(donationCountText(0)).toBe('अभी कोई डोनेशन नहीं');
    expect(donationCountText(1)).toBe('1 डोनेशन से');
    expect(donationCountText(123456)).toBe('1,23,456 डोनेशन से');
    expect(overlaysConnectedText(0)).toBe('कोई ओवरले कनेक्ट नहीं');
    expect(
      moderatedByText({
        status: 'approved',
        verb: MODERATION_LABELS.approved ?? '',
        name: 'Ravi',
        via: ` ${DONATIONS_TEXT.viaTelegram}`,
        when: ' 2 मिनट पहले',
      }),
    ).toBe('Ravi ने टेलीग्राम से 2 मिनट पहले अप्रूव किया');
    expect(newTipText('आशा', '₹51', true)).toBe(
      'आशा ने ₹51 की टिप दी। यह आपके रिव्यू का इंतज़ार कर रही है।',
    );
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(formatRelativeTime(new Date(now - 150_000).toISOString(), now)).toBe('2 मिनट पहले');
    expect(formatRelativeTime(new Date(now).toISOString(), now)).toBe('अभी-अभी');
    expect(ACTIVITY_TEXT.waiting(0)).toBe('कोई अलर्ट इंतज़ार में नहीं');
    expect(SETTINGS_TEXT.languageLabel).toBe('आपके पेज और ओवरले की भाषा (फ़ैंस पेज की भाषा बदल सकते हैं)');
    expect(SETTINGS_TEXT.templateHint()).toBe('सादा टेक्स्ट। {name} और {amount} का इस्तेमाल करें।');
    // The signed-in pages.
    expect(ANALYTICS_TEXT.summary(0, '₹0')).toBe('कोई टिप नहीं · ₹0');
    expect(ANALYTICS_TEXT.summary(1, '₹51')).toBe('1 टिप · ₹51');
    expect(ANALYTICS_TEXT.summary(123456, '₹1,00,000')).toBe('1,23,456 टिप्स · ₹1,00,000');
    expect(ANALYTICS_LABELS.weekdays[0]).toBe('सोमवार');
    expect(ANALYTICS_LABELS.tipType.voice).toBe('वॉइस');
    expect(SPEECH_TEXT.templateHint()).toBe('{name}, {amount} और {message} का इस्तेमाल करें।');
    expect(YOUTUBE_TEXT.errors.live_chat_ended).toBe(
      'लाइव चैट खत्म हो चुकी थी, इसलिए टिप पोस्ट नहीं हुई।',
    );
    expect(PAYOUTS_TEXT.modeOf('production')).toBe('प्रोडक्शन');
    expect(PLANS_TEXT.liveText('टेक्स्ट टिप्स')).toBe('फ़ैंस भेज सकते हैं: टेक्स्ट टिप्स।');
    expect(ACCOUNT_TEXT.title).toBe('आपका अकाउंट');
    expect(PAGE_TITLES.streamerDashboard('asha')).toBe('डैशबोर्ड · asha');
    // The server's reasons an address cannot be had (English) are shown in Hindi, each of them.
    for (const slug of ['ab', 'a'.repeat(31), 'Bad_Slug', 'dashboard']) {
      const reason = slugSchema.safeParse(slug).error?.issues[0]?.message ?? '';
      expect(reason, slug).not.toBe('');
      expect(slugReasonText(reason), slug).toMatch(/[\u0900-\u097F]/);
    }
    expect(slugReasonText(ONBOARDING_MESSAGES.slugTaken)).toBe(
      'यह पता पहले से लिया जा चुका है। कोई दूसरा चुनें।',
    );
    expect(slugReasonText('Some reason we do not know.')).toBe('Some reason we do not know.');
    expect(ADMIN_TEXT.title).toBe('एडमिन कंसोल');
    expect(BACKUPS_TEXT.status.failed).toBe('फ़ेल');
    activateLanguage('en-IN');
  });
});
