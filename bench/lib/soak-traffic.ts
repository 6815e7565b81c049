/**
 * The soak's traffic: fans tipping through the public API and paying at the sandbox gateway,
 * whose signed webhooks are delivered on time, twice, late, out of order or not at all; and a
 * moderator who double-clicks. Each actor records what it did, so the soak can check the
 * database and the overlays against it afterwards.
 */
import { SANDBOX_HEADERS } from '../../apps/server/src/modules/sandbox/sandbox-gateway.ts';
import type { GatewayChoice, SignedWebhook } from './soak-protocol.ts';
import type { SoakHttp } from './soak-http.ts';

export type Gateway = (
  orderId: string,
  choice: GatewayChoice,
) => Promise<{ recorded: boolean; webhook: SignedWebhook | null }>;

/** How an order is paid (or not), with its share of orders. */
const SCENARIOS = [
  // The fan pays on the sandbox checkout page; the gateway delivers its own webhook.
  { name: 'paid on checkout page', weight: 20 },
  // The fan pays; the soak delivers the gateway's signed webhook.
  { name: 'paid', weight: 43 },
  // The webhook is lost; the fan's status page asks the gateway and settles the order.
  { name: 'paid, webhook lost', weight: 5 },
  // A failed or dropped attempt, then a successful one; webhooks in or out of order.
  { name: 'retried and paid', weight: 10 },
  { name: 'failed', weight: 8 },
  { name: 'cancelled', weight: 7 },
  // The fan never pays: the order must stay pending.
  { name: 'abandoned', weight: 7 },
] as const;
export type ScenarioName = (typeof SCENARIOS)[number]['name'];

/** Share of webhook deliveries sent a second time (at once or a little later). */
const DUPLICATE_SHARE = 0.1;
/** Share of "retried and paid" orders whose stale failure arrives after the success. */
const OUT_OF_ORDER_SHARE_OF_RETRIED = 0.5;
/** Share of fans who watch the status page while their payment settles. */
const STATUS_POLL_SHARE = 0.3;
const ANONYMOUS_SHARE = 0.1;
const AMOUNTS_PAISE = [100, 1000, 2100, 5100, 10_000, 25_100, 50_000, 100_100];
const NAMES = ['Asha', 'Ravi', 'Meera', 'Kabir', 'Priya', 'Arjun', 'Zoya', 'Vikram', 'Isha'];
const MESSAGES = [
  'Great stream!',
  'Shabaash, keep going',
  'Loved that play',
  'Namaste from Pune',
  'First tip here',
  'That song was lovely 🎶',
];

export function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function between(min: number, max: number): number {
  return min + Math.random() * (max - min);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function pickScenario(): ScenarioName {
  let roll = Math.random() * SCENARIOS.reduce((sum, scenario) => sum + scenario.weight, 0);
  for (const scenario of SCENARIOS) {
    roll -= scenario.weight;
    if (roll < 0) return scenario.name;
  }
  return 'paid';
}

/** One fan: an IP of their own (rate limits count per IP) and their fan-key cookie. */
type Fan = { ip: string; cookie: string | null; name: string };

/** What the soak knows about one order it created. */
export type OrderRecord = {
  orderId: string;
  slug: string;
  amountPaise: number;
  scenario: ScenarioName;
  /** The gateway accepted a payment for it (money received). */
  isPaidAtGateway: boolean;
};

export type WebhookTally = {
  delivered: number;
  duplicates: number;
  outOfOrder: number;
  lost: number;
  results: Record<string, number>;
};

/** Fans tipping: creates orders and pays them in every way SCENARIOS lists. */
export class DonationTraffic {
  readonly orders: OrderRecord[] = [];
  readonly webhooks: WebhookTally = {
    delivered: 0,
    duplicates: 0,
    outOfOrder: 0,
    lost: 0,
    results: {},
  };
  /** Idempotency keys of the webhook events delivered (answered 200), duplicates once. */
  readonly deliveredKeys = new Set<string>();
  readonly errors: string[] = [];
  /** Late deliveries still under way; the soak waits for them before checking. */
  private readonly lateWork = new Set<Promise<void>>();
  private readonly fans: Fan[];

  constructor(
    private readonly http: SoakHttp,
    private readonly gateway: Gateway,
    private readonly slugs: readonly string[],
    fanCount: number,
  ) {
    this.fans = Array.from({ length: fanCount }, (_, index) => ({
      ip: `10.77.${String(Math.floor(index / 250))}.${String((index % 250) + 1)}`,
      cookie: null,
      name: `${pick(NAMES)} ${String(index)}`,
    }));
  }

  /** Runs one fan's tip from page load to payment; errors are noted, not thrown. */
  async tipOnce(): Promise<void> {
    try {
      await this.tip(pick(this.fans), pick(this.slugs));
    } catch (error) {
      this.errors.push(error instanceof Error ? error.message : String(error));
    }
  }

  /** Resolves when every late delivery has been made. */
  async finish(): Promise<void> {
    while (this.lateWork.size > 0) await Promise.all([...this.lateWork]);
  }

  private fanHeaders(fan: Fan): Record<string, string> {
    return { 'x-forwarded-for': fan.ip, ...(fan.cookie ? { cookie: fan.cookie } : {}) };
  }

  private async tip(fan: Fan, slug: string): Promise<void> {
    // The donation page: also where a first-time fan gets their fan-key cookie.
    const page = await this.http.request(
      'GET /api/streamers/:slug',
      'GET',
      `/api/streamers/${slug}`,
      {
        headers: this.fanHeaders(fan),
      },
    );
    const setCookie = page.headers.get('set-cookie');
    if (setCookie) fan.cookie = setCookie.split(';')[0] ?? null;

    const amountPaise = pick(AMOUNTS_PAISE);
    const isAnonymous = Math.random() < ANONYMOUS_SHARE;
    const order = await this.http.expect<{ order_id: string }>(
      201,
      'POST /api/streamers/:slug/orders',
      'POST',
      `/api/streamers/${slug}/orders`,
      {
        json: {
          name: fan.name,
          type: 'text',
          amount_paise: amountPaise,
          message: pick(MESSAGES),
          phone: '9876543210',
          age_confirmed: true,
          stream_consent: true,
          ...(isAnonymous ? { anonymous: true } : {}),
        },
        headers: this.fanHeaders(fan),
      },
    );
    const record: OrderRecord = {
      orderId: order.order_id,
      slug,
      amountPaise,
      scenario: pickScenario(),
      isPaidAtGateway: false,
    };
    this.orders.push(record);
    await this.pay(record);
    if (record.scenario === 'paid, webhook lost' || Math.random() < STATUS_POLL_SHARE) {
      await this.http.expect(
        200,
        'GET /api/orders/:orderId/status',
        'GET',
        `/api/orders/${encodeURIComponent(record.orderId)}/status`,
        { headers: this.fanHeaders(fan) },
      );
    }
  }

  private async pay(record: OrderRecord): Promise<void> {
    const { orderId } = record;
    switch (record.scenario) {
      case 'abandoned':
        return;
      case 'paid on checkout page': {
        const answer = await this.http.expect<{ outcome: string }>(
          200,
          'POST /sandbox/checkout/:orderId/complete',
          'POST',
          `/sandbox/checkout/${encodeURIComponent(orderId)}/complete`,
          { json: { result: 'paid' } },
        );
        record.isPaidAtGateway = answer.outcome === 'success';
        return;
      }
      case 'paid': {
        const paid = await this.choose(record, 'paid');
        await this.deliver(paid);
        return;
      }
      case 'paid, webhook lost': {
        await this.choose(record, 'paid');
        this.webhooks.lost += 1;
        return;
      }
      case 'failed':
      case 'cancelled': {
        await this.deliver(await this.choose(record, record.scenario));
        return;
      }
      case 'retried and paid': {
        const firstAttempt = await this.choose(record, pick(['failed', 'cancelled'] as const));
        if (Math.random() >= OUT_OF_ORDER_SHARE_OF_RETRIED) {
          await this.deliver(firstAttempt);
          await this.deliver(await this.choose(record, 'paid'));
          return;
        }
        // The success overtakes the earlier failure, which arrives stale a little later.
        const paid = await this.choose(record, 'paid');
        await this.deliver(paid);
        this.webhooks.outOfOrder += 1;
        this.later(between(0, 2000), () => this.deliver(firstAttempt));
        return;
      }
    }
  }

  private async choose(record: OrderRecord, choice: GatewayChoice): Promise<SignedWebhook> {
    const result = await this.gateway(record.orderId, choice);
    if (!result.recorded || !result.webhook) {
      throw new Error(`gateway refused ${choice} for ${record.orderId}`);
    }
    if (choice === 'paid') record.isPaidAtGateway = true;
    return result.webhook;
  }

  /** Posts a webhook as the gateway would; one in ten is sent twice (at once, or later). */
  private async deliver(webhook: SignedWebhook): Promise<void> {
    const post = async () => {
      const result = await this.http.expect<{ result: string }>(
        200,
        'POST /api/payments/webhooks/sandbox',
        'POST',
        '/api/payments/webhooks/sandbox',
        { rawBody: webhook.body, headers: webhook.headers },
      );
      this.webhooks.delivered += 1;
      const key = webhook.headers[SANDBOX_HEADERS.idempotencyKey];
      if (key) this.deliveredKeys.add(key);
      this.webhooks.results[result.result] = (this.webhooks.results[result.result] ?? 0) + 1;
    };
    if (Math.random() >= DUPLICATE_SHARE) return post();
    this.webhooks.duplicates += 1;
    if (Math.random() < 0.5) {
      await Promise.all([post(), post()]);
      return;
    }
    await post();
    this.later(between(500, 3000), post);
  }

  private later(delayMs: number, work: () => Promise<void>): void {
    const task = sleep(delayMs)
      .then(work)
      .catch((error: unknown) => {
        this.errors.push(error instanceof Error ? error.message : String(error));
      })
      .finally(() => this.lateWork.delete(task));
    this.lateWork.add(task);
  }
}

type DashboardDonation = { id: string; moderation_status: string };

/** What a pair of concurrent decisions on one donation came to. */
export type DoubleClick = {
  donationId: string;
  decisions: ['approve' | 'reject', 'approve' | 'reject'];
  statuses: number[];
  /** The moderation status the winning answer reported. */
  winner: string | null;
};

/**
 * A moderator on the dashboard of a streamer who reviews every tip: reads the pending list and
 * clicks twice on each decision (sometimes two moderators decide differently at once). Some
 * tips are left undecided.
 */
export class DoubleClickModerator {
  readonly doubleClicks: DoubleClick[] = [];
  readonly leftUndecided = new Set<string>();
  readonly errors: string[] = [];
  private readonly decided = new Set<string>();

  constructor(
    private readonly http: SoakHttp,
    private readonly slug: string,
    private readonly tokens: [string, string],
  ) {}

  async moderateOnce(): Promise<void> {
    try {
      const list = await this.http.expect<{ donations: DashboardDonation[] }>(
        200,
        'GET /api/streamers/:slug/donations',
        'GET',
        `/api/streamers/${this.slug}/donations?status=pending`,
        { token: this.tokens[0] },
      );
      const waiting = list.donations.filter(
        (donation) => !this.decided.has(donation.id) && !this.leftUndecided.has(donation.id),
      );
      await Promise.all(waiting.map((donation) => this.decide(donation.id)));
    } catch (error) {
      this.errors.push(error instanceof Error ? error.message : String(error));
    }
  }

  private async decide(donationId: string): Promise<void> {
    const roll = Math.random();
    if (roll < 0.1) {
      this.leftUndecided.add(donationId);
      return;
    }
    this.decided.add(donationId);
    const decisions: DoubleClick['decisions'] =
      roll < 0.55
        ? ['approve', 'approve']
        : roll < 0.8
          ? ['reject', 'reject']
          : ['approve', 'reject'];
    const answers = await Promise.all(
      decisions.map((decision, index) =>
        this.http.request(
          `POST /api/donations/:id/${decision}`,
          'POST',
          `/api/donations/${donationId}/${decision}`,
          { token: this.tokens[index] },
        ),
      ),
    );
    const winning = answers.find((answer) => answer.status === 200);
    // The dashboard's presented donation, as the route answers it.
    const winner = (winning?.body as { donation?: DashboardDonation } | undefined)?.donation;
    this.doubleClicks.push({
      donationId,
      decisions,
      statuses: answers.map((answer) => answer.status),
      winner: winner?.moderation_status ?? null,
    });
  }
}
