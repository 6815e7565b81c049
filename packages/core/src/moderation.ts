export type ModerationDecision = 'approve' | 'reject';

export const MODERATION_MESSAGES = {
  alreadyDecided: (status: string, by?: string) =>
    `This donation was already ${status.replace('_', '-')}${by ? ` by ${by}` : ''}.`,
  notPending: 'Only donations waiting for review can be approved or rejected.',
  telegramIdRequired: 'Please enter a Telegram User ID',
  telegramIdInvalid: 'A Telegram User ID is a number, such as 123456789.',
} as const;
