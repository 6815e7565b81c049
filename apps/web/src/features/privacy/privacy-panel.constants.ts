import { RETENTION, type RetentionKind, type RetentionRule } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/** Each retention rule's words, from core's RETENTION (the one place the rules are written). */
function retentionRuleWords() {
  const words = {} as Record<RetentionKind, { data: string; from: string }>;
  for (const [kind, rule] of Object.entries(RETENTION) as Array<[RetentionKind, RetentionRule]>) {
    words[kind] = { data: rule.data, from: rule.from };
  }
  return words;
}

/** The admin console's Privacy panel, in the signed-in admin's language. */
export const PRIVACY_PANEL_TEXT = /* @__PURE__ */ localized('privacyPanel', {
  tab: 'Privacy',
  rulesTitle: 'Retention rules',
  runsTitle: 'Retention runs',
  noRuns: 'The retention job has not run yet.',
  requestsTitle: 'Rights requests',
  noRequests: 'No requests yet.',
  nothing: 'Nothing due',
  open: 'Open',
  due: (date: string) => t('privacyPanel.dueFn', { date }, `due ${date}`),
  done: (date: string) => t('privacyPanel.doneFn', { date }, `done ${date}`),
  eraseAccount: 'Erase account',
  erasing: 'Erasing…',
  confirmErase: (email: string) =>
    t(
      'privacyPanel.confirmEraseFn',
      { email },
      `Erase the account ${email}? Settle what it is owed first. Its e-mail, name, password and sign-ins are removed and it leaves its pages; money records stay. This cannot be undone.`,
    ),
  erased: 'The account was erased.',
  /** A retention rule as a line: what happens, how long after what. */
  rule: (action: string, days: number, from: string) =>
    t(
      'privacyPanel.ruleFn',
      { action, days, from },
      `${action} ${days} ${days === 1 ? 'day' : 'days'} after ${from}`,
    ),
  action: { masked: 'masked', deleted: 'deleted' },
  /** What each rule covers and when its period starts, in core's words (RETENTION). */
  rules: retentionRuleWords(),
  runStatus: { running: 'Running', completed: 'Completed', failed: 'Failed' },
  subject: { fan: 'Fan', creator: 'Creator' },
  requestKind: {
    access: 'See their data',
    download: 'Download',
    correction: 'Correction',
    erasure: 'Erasure',
  },
  verifiedBy: {
    sms_code: 'SMS code',
    receipt_link: 'receipt link',
    signed_in: 'signed in',
  },
} as const);
