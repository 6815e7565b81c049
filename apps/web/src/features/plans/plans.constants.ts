import { PLANS, PLAN_MESSAGES, findPlan, type PlanId } from '@shabaash/core';

import { localized, t } from '../../i18n/i18n';

/**
 * Every word of the plan dialog, the plans screen and the admin's plan panel (issue 22), in the
 * page's language (the `plans` catalogs, which the Hindi public pages and the signed-in pages
 * load; a page that loads none shows the English).
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

/**
 * The plans' own words (their prices and ids are @shabaash/core's PLANS), as the pricing
 * section, the plan dialog, the plans screen and the admin console show them.
 */
type PlanWords = { name: string; description: string; badge?: string; features: string[] };
export const PLAN_TEXT: Readonly<Record<PlanId, PlanWords>> = /* @__PURE__ */ localized(
  'plans.offer',
  Object.fromEntries(
    PLANS.map((plan): [PlanId, PlanWords] => [
      plan.id,
      {
        name: plan.name,
        description: plan.description,
        ...(plan.badge ? { badge: plan.badge } : {}),
        features: [...plan.features],
      },
    ]),
  ) as Record<PlanId, PlanWords>,
);

/** A plan's name in the page's language; an id no plan has any more, as it is. */
export function planName(planId: string): string {
  const plan = findPlan(planId);
  return plan ? PLAN_TEXT[plan.id].name : planId;
}
