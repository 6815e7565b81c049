import { localized, t } from '../../i18n/i18n';

/*
 * The dashboard's words in the signed-in user's language (issue 21): each text set reads
 * `<prefix>.<key>` from the `dashboard` catalogs; the English here is the spec's and equals the
 * en-IN catalog (i18n/catalogs.test.ts).
 */

/** Texts of the dashboard chooser and the streamer dashboard (spec 02 §2, §8). */
export const DASHBOARD_TEXT = /* @__PURE__ */ localized('dashboard', {
  adminTitle: 'Admin Dashboard',
  streamerTitle: 'Streamer Dashboard',
  adminBadge: 'Administrator Access',
  chooserDescription: 'Choose a streamer to see their tips, moderation and alert setup.',
  adminChooserDescription: 'You can open every streamer dashboard on Shabaash.',
  /** On a chooser card whose membership administers that streamer (not the whole site). */
  streamerAdminBadge: 'Admin',
  streamerAdminLabel: 'You administer this streamer',
  streamerListLabel: 'Streamer dashboards',
  signedInAs: 'Signed in as',
  adminConsoleLink: 'Admin console',
  account: 'Account',
  returnHome: 'Return to Home',
  authRequiredTitle: 'Authentication Required',
  authRequiredText: 'Please sign in to view this dashboard.',
  signIn: 'Sign In',
  accessDeniedTitle: 'Access Denied',
  accessDeniedText: "You don't have permission to view this dashboard.",
  backToDashboards: 'Back to your dashboards',
  loadErrorTitle: 'Something went wrong',
  loadErrorText: 'Failed to load dashboard data.',
  retry: 'Try Again',
  retrying: 'Trying again…',
  loading: 'Loading dashboard…',
  allDashboards: 'All dashboards',
  tipPageLabel: 'Public tip page',
  refreshData: 'Refresh Data',
  refreshingData: 'Refreshing…',
  tabsLabel: 'Dashboard sections',
  /** The switch of the user's language ("English" / "हिन्दी") in the dashboard's header. */
  languageSwitchLabel: 'Dashboard language',
  languageFailed: 'Could not change the language. Please try again.',
} as const);

/**
 * The header's live-connection badge (spec 02 §2, §4 'Dashboard alerts'): 'Connected', since
 * 'Live' reads as "on stream" (issue 32).
 */
export const LIVE_TEXT = /* @__PURE__ */ localized('live', {
  live: 'Connected',
  connecting: 'Connecting',
  offline: 'Offline',
  reconnect: 'Reconnect',
  liveHint: 'New tips and moderation changes appear here as they happen.',
  connectingHint: 'Connecting to live updates…',
  offlineHint: 'Live updates stopped. Reconnect, or use Refresh Data to see the latest.',
  newActivity: 'New Activity',
} as const);

/** The 'New Activity' toast's line: 'Asha tipped ₹51', and whether it waits for review. */
export function newTipText(name: string, amount: string, isPending: boolean): string {
  const tip = `${name} tipped ${amount}`;
  return t(
    'live.newTipFn',
    { name, amount, pending: isPending ? 'yes' : 'no' },
    isPending ? `${tip}. It's waiting for your review.` : tip,
  );
}

/** '1 overlay connected', '3 overlays connected'. */
export function overlaysConnectedText(count: number): string {
  return t(
    'live.overlaysConnectedFn',
    { count },
    `${String(count)} overlay${count === 1 ? '' : 's'} connected`,
  );
}

/** The four stat cards (spec 02 §2). */
export const STATS_TEXT = /* @__PURE__ */ localized('stats', {
  regionLabel: 'Revenue at a glance',
  totalRevenue: 'Total Revenue',
  todayRevenue: "Today's Revenue",
  todayHint: 'Since midnight, India time',
  averageDonation: 'Average Donation',
  averageHint: 'Per successful donation',
  pendingReview: 'Pending Review',
  pendingHint: 'Waiting for approval',
} as const);

/** 'from 1 donation', 'from 12 donations'. */
export function donationCountText(count: number): string {
  return t(
    'stats.donationCountFn',
    { count },
    `from ${count.toLocaleString('en-IN')} donation${count === 1 ? '' : 's'}`,
  );
}

export type DashboardTab =
  'activity' | 'approved' | 'telegram' | 'obs' | 'fans' | 'analytics' | 'settings';

/** The spec's three tabs (spec 02 §2), then leaderboards and goals, then the creator's settings. */
export const TAB_LABELS: Record<DashboardTab, string> = /* @__PURE__ */ localized('tabs', {
  activity: 'Activity',
  approved: 'Approved Donations',
  telegram: 'Telegram Dashboard',
  obs: 'OBS Setup',
  fans: 'Fans & Goals',
  analytics: 'Analytics',
  settings: 'Settings',
});

/** Donation lists and cards (spec 02 §2, Approved Donations tab). */
export const DONATIONS_TEXT = /* @__PURE__ */ localized('donations', {
  approvedTitle: 'Approved Donations',
  approvedDescription: 'The 50 newest donations that were paid and approved for your stream.',
  approvedEmpty: "No approved donations yet. Donations will appear here once they're approved.",
  pendingTitle: 'Waiting for Review',
  pendingDescription:
    'Paid donations held for review. Approve to show them on stream; rejected ones never appear.',
  pendingEmpty: 'Nothing to review right now. New donations held for review will appear here.',
  heldForWord: (word: string) =>
    t('donations.heldForWordFn', { word }, `Held because it contains the blocked word “${word}”.`),
  approve: 'Approve',
  approving: 'Approving…',
  reject: 'Reject',
  rejecting: 'Rejecting…',
  approvedToast: 'Donation approved',
  approvedToastText: 'It will play on your overlay.',
  rejectedToast: 'Donation rejected',
  rejectedToastText: 'It will never be shown on stream.',
  moderationFailed: 'Could not update this donation.',
  playVoice: 'Play Voice Message',
  pauseVoice: 'Pause Voice Message',
  voiceFailed: 'Could not play the voice message.',
  hyperemote: 'Hyperemote',
  phoneLabel: 'Phone',
  approvedAutomatically: 'Approved automatically',
  viaTelegram: 'via Telegram',
  /** A tip "paid" through the built-in sandbox gateway: no money moved. */
  sandbox: 'Sandbox · test payment',
} as const);

/** 'Showing the 20 newest of 34.' when more are waiting than the list holds. */
export function pendingOverflowText(shown: number, total: number): string {
  return t(
    'donations.pendingOverflowFn',
    { shown, total },
    `Showing the ${String(shown)} newest of ${String(total)}.`,
  );
}

/** Screen-reader names of the donation type icons. */
export const DONATION_TYPE_LABELS = /* @__PURE__ */ localized('donationTypes', {
  text: 'Text message',
  voice: 'Voice message',
  hyperemote: 'Hyperemote',
  media: 'GIF / video',
} as const);

export const MODERATION_LABELS: Record<string, string> = /* @__PURE__ */ localized(
  'moderationStatus',
  {
    pending: 'Pending',
    approved: 'Approved',
    auto_approved: 'Auto-approved',
    rejected: 'Rejected',
  },
);

export const PAYMENT_LABELS: Record<string, string> = /* @__PURE__ */ localized('paymentStatus', {
  success: 'Paid',
  pending: 'Payment Pending',
  failed: 'Payment Failed',
});

/**
 * Who moderated a donation and when: 'Approved by priya@example.com 2 minutes ago', 'Rejected
 * by Ravi via Telegram …'. `status` picks the verb; `via` and `when` come with their leading
 * space, or empty.
 */
export function moderatedByText(values: {
  status: string;
  verb: string;
  name: string;
  via: string;
  when: string;
}): string {
  const { status, verb, name, via, when } = values;
  return t(
    'donations.moderatedByFn',
    { status, verb, name, via, when },
    `${verb} by ${name}${via}${when}`,
  );
}
