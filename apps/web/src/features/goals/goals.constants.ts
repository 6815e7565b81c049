import { localized, t } from '../../i18n/i18n';

/** The goal's words on the donation page (the dashboard's goal panel shows them too). */
export const GOAL_TEXT = /* @__PURE__ */ localized('goal', {
  eyebrow: 'Goal',
  raisedOf: (raised: string, target: string) =>
    t('goal.raisedOfFn', { raised, target }, `${raised} of ${target}`),
  reached: 'Goal reached! Thank you!',
  endsOn: (date: string) => t('goal.endsOnFn', { date }, `Ends ${date}`),
  ended: 'This goal has ended.',
  progressLabel: 'Goal progress',
} as const);

/** The dashboard's goal panel (its own export, so the donation page does not carry it). */
export const GOAL_PANEL_TEXT = /* @__PURE__ */ localized('goal', {
  panelTitle: 'Donation goal',
  panelDescription:
    'Show fans what you are raising for. Paid, approved tips count from the moment the goal starts.',
  noGoal: 'No goal yet.',
  titleLabel: 'Title',
  titlePlaceholder: 'New microphone',
  targetLabel: 'Target (₹)',
  targetPlaceholder: '5000',
  endLabel: 'End date (optional)',
  startGoal: 'Start goal',
  startNewGoal: 'Start a new goal',
  startNewHint: 'A new goal starts counting from zero.',
  saveChanges: 'Save changes',
  saveHint: 'Editing keeps the progress so far.',
  removeGoal: 'Remove goal',
  saved: 'Goal saved.',
  removed: 'Goal removed.',
  loadError: 'The goal could not be loaded.',
} as const);
