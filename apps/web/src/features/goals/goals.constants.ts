/** Every word the goal shows on the donation page and in the dashboard. */
export const GOAL_TEXT = {
  eyebrow: 'Goal',
  raisedOf: (raised: string, target: string) => `${raised} of ${target}`,
  reached: 'Goal reached! Thank you!',
  endsOn: (date: string) => `Ends ${date}`,
  ended: 'This goal has ended.',
  progressLabel: 'Goal progress',

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
} as const;

export const goalDateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
