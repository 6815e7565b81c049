import type { StreamControlAction } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** Every word of the activity feed and its stream controls (issue 24), in the dashboard's language. */
export const ACTIVITY_TEXT = /* @__PURE__ */ localized('activity', {
  title: 'Activity',
  description: 'Every tip as it arrives, in any state, and your test alerts. Newest first.',
  listLabel: 'Recent activity',
  empty: 'No tips yet. They appear here the moment a fan starts one.',
  loadError: 'Could not load the activity feed.',
  retry: 'Retry',
  controlsLabel: 'Stream controls',
  nowPlaying: 'Now playing',
  nothingPlaying: 'Nothing on screen',
  noOverlay: 'No overlay connected: controls reach overlays once one is open.',
  waiting: (count: number) =>
    t(
      'activity.waitingFn',
      { count },
      count === 1 ? '1 alert waiting' : `${String(count)} alerts waiting`,
    ),
  paused: 'Alerts paused: new ones wait',
  muted: 'Sound muted',
  test: 'Test alert',
  testStatus: 'Test',
  played: 'Played',
  notPlayed: 'Not played yet',
  hiddenMessage: 'Message hidden',
  replay: 'Replay',
  replayLabel: (name: string) =>
    t('activity.replayLabelFn', { name }, `Replay the alert from ${name}`),
  controlFailed: 'That control did not reach the overlays',
  shortcutsTitle: 'Keyboard shortcuts',
  openPhoneView: 'Open the phone view',
  backToDashboard: 'Back to the dashboard',
  phoneTitle: (name: string) => t('activity.phoneTitleFn', { name }, `${name} · Activity`),
} as const);

/** The buttons and what they say; the pressed state of pause and mute flips the label. */
export const CONTROL_LABELS: Record<
  Exclude<StreamControlAction, 'replay'>,
  string
> = /* @__PURE__ */ localized('activity.controls', {
  skip: 'Skip',
  pause: 'Pause alerts',
  resume: 'Resume alerts',
  mute: 'Mute sound',
  unmute: 'Unmute sound',
  clear: 'Clear queue',
});

/** What a toast says once a control went out. */
export const CONTROL_DONE: Record<StreamControlAction, string> = /* @__PURE__ */ localized(
  'activity.done',
  {
    replay: 'Replaying on your overlays',
    skip: 'Skipped the alert on screen',
    pause: 'Alerts paused',
    resume: 'Alerts resumed',
    mute: 'Sound and speech muted',
    unmute: 'Sound and speech back on',
    clear: 'Waiting alerts cleared',
  },
);

/**
 * Desktop keyboard shortcuts while the feed is open (single keys, ignored while typing in a
 * field or with a modifier held). `replay` replays the newest alert that may play.
 */
export const CONTROL_SHORTCUTS = [
  { key: 's', control: 'skip' },
  { key: 'p', control: 'toggle-pause' },
  { key: 'm', control: 'toggle-mute' },
  { key: 'r', control: 'replay' },
  { key: 'c', control: 'clear' },
] as const;

/** What each shortcut does, for the legend. */
export const SHORTCUT_LABELS: Record<(typeof CONTROL_SHORTCUTS)[number]['control'], string> =
  /* @__PURE__ */ localized('activity.shortcuts', {
    skip: 'Skip the alert on screen',
    'toggle-pause': 'Pause / resume alerts',
    'toggle-mute': 'Mute / unmute sound',
    replay: 'Replay the latest alert',
    clear: 'Clear the waiting alerts',
  });
