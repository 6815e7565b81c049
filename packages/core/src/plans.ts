/**
 * The plans of spec 01 §9 and what owning one lets a page do. One definition: the pricing
 * cards, the plan dialog, the dashboard, the admin console and the server's order and
 * entitlement checks all read it. No zod here, so the donation page can use the rules.
 */

import type { DonationType, OrderResponse, PublicStreamer } from './donations.ts';

export const PLAN_IDS = [
  'base',
  'voice-messages',
  'hyperemotes',
  'monthly-hosting',
  'complete-bundle',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What a plan gives a page: going live, a tip type, or the hosting service. */
export type Entitlement = 'page' | 'voice' | 'hyperemote' | 'media' | 'hosting';

export type Plan = {
  id: PlanId;
  name: string;
  description: string;
  pricePaise: number;
  /** The struck-through price, when the plan is a discount. */
  originalPricePaise?: number;
  features: readonly string[];
  /** Highlighted as the best value. */
  popular: boolean;
  badge?: string;
  /** Billed every month rather than once. */
  monthly: boolean;
  /** What owning the plan lets the page do. */
  grants: readonly Entitlement[];
  /** How long one purchase lasts; null: for good. */
  durationDays: number | null;
};

/** Monthly Hosting's period; a purchase (or admin grant) adds this much from its end or now. */
export const HOSTING_PERIOD_DAYS = 30;
/** The renewal reminder goes out this many days before Monthly Hosting ends. */
export const HOSTING_REMINDER_DAYS = 3;

/** The plans in the order of spec 01 §9. */
export const PLANS: readonly Plan[] = [
  {
    id: 'base',
    name: 'Base Plan',
    description: 'Your own tipping page with UPI donations and live alerts.',
    pricePaise: 39_900,
    features: [
      'Custom streaming page',
      'UPI donations',
      'Basic chat highlighting',
      'Donation alerts',
      'Real-time notifications',
      'Mobile responsive design',
    ],
    popular: false,
    monthly: false,
    grants: ['page'],
    durationDays: null,
  },
  {
    id: 'voice-messages',
    name: 'Voice Message Add-on',
    description: 'Fans record a 15–60 second voice note with their tip.',
    pricePaise: 50_000,
    features: [
      'Voice notes from 15 to 60 seconds',
      'Moderation before anything plays',
      'Audio player for your stream',
    ],
    popular: false,
    monthly: false,
    grants: ['voice'],
    durationDays: null,
  },
  {
    id: 'hyperemotes',
    name: 'HyperEmotes Add-on',
    description: 'An emoji rain of up to 50 animated emojis across your stream.',
    pricePaise: 50_000,
    features: ['Up to 50 animated emojis', 'Premium tier from ₹50', 'Plays in your OBS overlay'],
    popular: false,
    monthly: false,
    grants: ['hyperemote'],
    durationDays: null,
  },
  {
    id: 'monthly-hosting',
    name: 'Monthly Hosting',
    description: 'We run your page and alerts so you can focus on streaming.',
    pricePaise: 69_900,
    features: [
      '99.9% uptime target',
      'Daily backups',
      'Support by e-mail and phone',
      `${HOSTING_PERIOD_DAYS} days per payment; nothing is charged automatically`,
    ],
    popular: false,
    monthly: true,
    grants: ['hosting'],
    durationDays: HOSTING_PERIOD_DAYS,
  },
  {
    id: 'complete-bundle',
    name: 'Complete Bundle',
    description: 'The Base Plan with voice messages and HyperEmotes included.',
    pricePaise: 99_900,
    originalPricePaise: 139_900,
    features: [
      'Everything in the Base Plan',
      'Voice Message Add-on',
      'HyperEmotes Add-on',
      'GIF and video tips',
      'Priority set-up help',
    ],
    popular: true,
    badge: 'SAVE ₹400',
    monthly: false,
    grants: ['page', 'voice', 'hyperemote', 'media'],
    durationDays: null,
  },
];

/** The plan with this id, or undefined for a word that names none. */
export function findPlan(id: string): Plan | undefined {
  return PLANS.find((plan) => plan.id === id);
}

/**
 * The price of the cheapest plan: what "plans start at" says on the home page. A function, so
 * a bundle that only needs the messages (the donation page) leaves the plan list out.
 */
export function cheapestPlanPaise(): number {
  return Math.min(...PLANS.map((plan) => plan.pricePaise));
}

/** A plan a page holds: bought, or granted by the admin; `expiresAt` only for Monthly Hosting. */
export type HeldPlanRecord = { planId: string; expiresAt: Date | null };

/** What the plans a page holds let it do now (an ended Monthly Hosting gives nothing). */
export function entitlementsOf(held: readonly HeldPlanRecord[], now: Date): Set<Entitlement> {
  const entitlements = new Set<Entitlement>();
  for (const record of held) {
    if (record.expiresAt && record.expiresAt.getTime() <= now.getTime()) continue;
    for (const entitlement of findPlan(record.planId)?.grants ?? []) entitlements.add(entitlement);
  }
  return entitlements;
}

/**
 * The tip types a page offers fans: none in preview (no Base Plan or Bundle), text once live,
 * voice and hyperemote only with their add-on (or the Bundle).
 */
export function tipTypesFor(entitlements: ReadonlySet<Entitlement>): DonationType[] {
  if (!entitlements.has('page')) return [];
  const types: DonationType[] = ['text'];
  if (entitlements.has('voice')) types.push('voice');
  if (entitlements.has('hyperemote')) types.push('hyperemote');
  // Media tips (issue 26): in the Complete Bundle; the streamer still turns them on.
  if (entitlements.has('media')) types.push('media');
  return types;
}

/** The words the plans share between the page, the dashboard and the API's refusals. */
export const PLAN_MESSAGES = {
  /** What fans see on a page in preview (issue 22). */
  previewNotAccepting: (name: string) => `${name} is not accepting tips yet`,
  previewError: 'This page is not accepting tips yet.',
  voiceNotOffered: 'This streamer does not accept voice messages.',
  hyperemoteNotOffered: 'This streamer does not accept HyperEmotes.',
  noAutoCharge: 'Nothing is charged automatically: you renew by hand when you choose to.',
  unknownPlan: 'Please choose one of the listed plans.',
  unknownPurchase: 'This plan order does not exist.',
} as const;

/** A plan a page holds, as the dashboard and the admin console see it. */
export type HeldPlan = {
  plan_id: PlanId;
  source: 'purchase' | 'admin';
  granted_at: string;
  /** When Monthly Hosting ends (ISO); null for the one-time plans. */
  expires_at: string | null;
};

/** A plan order, as its buyer and the admin console see it. */
export type PlanPurchase = {
  order_id: string;
  plan_id: PlanId;
  streamer_slug: string;
  streamer_name: string;
  amount_paise: number;
  payment_status: 'pending' | 'success' | 'failed';
  buyer_email: string | null;
  created_at: string;
  paid_at: string | null;
};

/** `GET /api/streamers/:slug/plans`: what the page holds and what it may offer fans. */
export type StreamerPlansResponse = {
  plans: HeldPlan[];
  is_preview: boolean;
  tip_types: DonationType[];
  purchases: PlanPurchase[];
};

/** `POST /api/streamers/:slug/plan-orders`: the order, and how the browser pays it. */
export type PlanOrderResponse = OrderResponse & { payment: PublicStreamer['payment'] };
