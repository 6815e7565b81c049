import { PLAN_MESSAGES } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/**
 * Every word of the plan dialog, the plans screen and the admin's plan panel (issue 22), in the
 * signed-in user's language (the `account` catalogs; a page that loads none shows the English).
 */
export const PLANS_TEXT = /* @__PURE__ */ localized('plans', {
  dialogDescription: (price: string) =>
    t('plans.dialogDescriptionFn', { price }, `${price}. Here is what you get:`),
  perMonth: '/month',
  oneTime: 'one-time',
  originalPrice: 'Original price',
  noAutoCharge: PLAN_MESSAGES.noAutoCharge,
  continue: 'Continue',
  continuing: 'Opening checkout…',
  signUpHint:
    'Create your free account first. Once your page exists, we take you to this plan’s checkout.',
  createPageHint:
    'Create your page first; it opens in preview until it has a plan. We take you to this plan’s checkout next.',
  createPage: 'Create your page',
  pageLabel: 'For which page?',
  phoneLabel: 'UPI mobile number',
  phoneHint: 'Your payment app’s number, used only for this payment.',
  loadingPages: 'Loading your pages…',
  pagesError: 'Your pages could not be loaded. Please try again.',
  tryAgain: 'Try again',
  orderFailed: 'The checkout could not be opened. Please try again.',
  getHelp: 'Prefer us to set it up with you?',
  getHelpLink: 'Tell us about your channel',
  // The plans screen
  pageTitle: 'Plans',
  pageIntro: 'What your page can do, and the plans you can add. Every plan is paid once.',
  backToDashboard: 'Back to dashboard',
  previewTitle: 'Your page is in preview',
  previewText:
    'Fans see that your page is not accepting tips yet. You can set up OBS and send test alerts now; buy the Base Plan or the Complete Bundle to start taking tips.',
  choosePlan: 'Choose a plan',
  managePlans: 'Plans and add-ons',
  liveTitle: 'Your page is live',
  liveText: (types: string) => t('plans.liveTextFn', { types }, `Fans can send: ${types}.`),
  tipTypeNames: {
    text: 'text tips',
    voice: 'voice messages',
    hyperemote: 'HyperEmotes',
    media: 'GIF and video tips',
  },
  held: 'Active',
  heldByAdmin: 'Given by the Shabaash team',
  endsOn: (date: string) => t('plans.endsOnFn', { date }, `Active until ${date}`),
  ended: (date: string) => t('plans.endedFn', { date }, `Ended on ${date}`),
  buy: 'Buy',
  renew: 'Renew for 30 more days',
  purchasesTitle: 'Your plan orders',
  noPurchases: 'No plan orders yet.',
  loading: 'Loading plans…',
  loadError: 'The plans could not be loaded.',
  orderPaid: (plan: string) =>
    t('plans.orderPaidFn', { plan }, `Payment received: the ${plan} is active on this page.`),
  orderPending: 'Waiting for the payment to be confirmed…',
  orderFailedResult: 'The payment did not go through. Nothing was charged for this order.',
  paymentStatus: { pending: 'Pending', success: 'Paid', failed: 'Failed' },
  // The admin console
  adminTitle: 'Plans',
  grant: 'Grant',
  revoke: 'Revoke',
  extend: 'Add 30 days',
  granted: (plan: string) => t('plans.grantedFn', { plan }, `${plan} granted.`),
  revoked: (plan: string) => t('plans.revokedFn', { plan }, `${plan} revoked.`),
  purchasesAdminTitle: 'Plan purchases',
  purchaseColumns: ['Date', 'Page', 'Plan', 'Amount', 'Buyer', 'Status'],
} as const);
