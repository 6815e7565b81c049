import { localized, t } from '../../i18n/i18n';

/** The Telegram Dashboard tab's words (spec 02 §2, §5, §7, §8), in the dashboard's language. */
export const TELEGRAM_TEXT = /* @__PURE__ */ localized('telegram', {
  title: 'Telegram Moderators',
  description:
    'Linked Telegram accounts receive every donation that needs review, with Approve and Reject buttons.',
  loading: 'Loading Telegram moderators…',
  loadFailed: 'Failed to load Telegram moderators.',
  retry: 'Try Again',
  botNotConfigured:
    'The Telegram bot is not configured on this server. You can still link moderators here; review requests will reach them once the bot is set up.',
  linkedTitle: 'Linked moderators',
  noneLinked: 'No Telegram user linked yet.',
  userIdLabel: 'Telegram User ID',
  userIdPlaceholder: 'e.g. 123456789',
  linked: 'Linked',
  add: 'Add Moderator',
  adding: 'Adding…',
  remove: 'Remove',
  removing: 'Removing…',
  success: 'Success',
  addedText: 'Telegram user ID added.',
  removedText: 'Telegram user ID removed.',
  addFailed: 'Failed to add Telegram user ID',
  removeFailed: 'Failed to remove Telegram user ID',
  authRequired: 'Authentication required',
  /** The hint under the input: 'Open @bot in Telegram and send /start: …'. */
  hintOpen: 'Open',
  hintRest: 'in Telegram and send /start: it replies with your numeric user ID.',
  hintBotFallback: 'the Shabaash bot',
} as const);

/** 'Remove Telegram user 123456789', the Remove button's accessible name. */
export function removeModeratorLabel(telegramUserId: string): string {
  return t(
    'telegram.removeModeratorFn',
    { id: telegramUserId },
    `Remove Telegram user ${telegramUserId}`,
  );
}
