import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import {
  OWN_ACCOUNT_GATEWAYS,
  OWN_ACCOUNT_MODE,
  type OwnAccountGatewayName,
  type OwnCashfreeConnect,
  type OwnRazorpayConnect,
  type PayoutMode,
  type PayoutProblem,
  type PayoutStatus,
} from '@shabaash/core';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { payoutAccounts } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { secretBoxOf, type SecretBox } from '../../lib/secrets.ts';
import { payoutAccountIdOfOrder } from '../donations/donations.service.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { OrderSettlement } from '../payments/providers/cashfree-settlements.ts';
import { ProviderHttpError } from '../payments/providers/provider-http.ts';
import {
  KEY_REFUSALS,
  webhookSigningSecret,
  type OwnAccountGateways,
  type OwnAccountKeys,
  type PaidAccountOrder,
} from './own-account-gateway.ts';
import type { PayoutVendorRow, SplitVendors } from './split-vendors.service.ts';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/**
 * Where one page's next order goes: the provider, the creator account it is made with (null:
 * the platform's), and the Easy Split vendor its share is split to (split settlement).
 */
export type PaymentRoute =
  | {
      provider: PaymentProvider;
      payoutAccountId: string | null;
      /** The gateway of the creator's own account the order is made with (null: none). */
      ownGateway: OwnAccountGatewayName | null;
      split: { vendorId: string } | null;
      problem: null;
    }
  | {
      provider: null;
      payoutAccountId: null;
      ownGateway: null;
      split: null;
      problem: PayoutProblem;
    };

/** Which creator account made an order and its provider; nulls for the platform account. */
export type OrderAccount =
  | { payoutAccountId: string; provider: PaymentProvider }
  | { payoutAccountId: null; provider: null };

export type PayoutAccounts = {
  readonly modes: readonly PayoutMode[];
  /** Creators as Easy Split vendors of the platform's Cashfree account. */
  readonly vendors: SplitVendors;
  /** The route of a page's next order (and of its public profile's checkout). */
  routeFor(streamerId: string): Promise<PaymentRoute>;
  /** The creator account an order was made with, and its provider (nulls: the platform's). */
  orderAccount(orderId: string): Promise<OrderAccount>;
  /**
   * A creator account's provider, retired ones included (their orders may still be paid);
   * null when there is no such account (or it is at another gateway than `gateway`).
   */
  providerForAccount(
    accountId: string,
    gateway?: OwnAccountGatewayName,
  ): Promise<PaymentProvider | null>;
  /** Paid orders' settlements, from the settlement API of the account they were paid into. */
  accountSettlements(accountId: string, orders: PaidAccountOrder[]): Promise<OrderSettlement[]>;
  /**
   * The secret the account's webhooks are signed with and the page's webhook path, for the
   * sandbox to sign and deliver the webhooks of its simulated gateway. Server-side only: the
   * secret is never answered, never logged.
   */
  webhookSigningOf(accountId: string): Promise<{ secret: string; path: string } | null>;
  /**
   * The Razorpay key secret of the account an order was made with, to check checkout.js's
   * payment signature. Server-side only: never answered, never logged.
   */
  razorpayKeySecretOf(accountId: string): Promise<string | null>;
  connectOwnCashfree(streamerId: string, input: OwnCashfreeConnect): Promise<void>;
  connectOwnRazorpay(streamerId: string, input: OwnRazorpayConnect): Promise<void>;
  /** Checks the current account's keys again (after the creator fixed them at the gateway). */
  recheck(streamerId: string): Promise<void>;
  /** Retires the current account: tips go to the platform account again, if allowed. */
  disconnect(streamerId: string): Promise<void>;
  status(streamerId: string): Promise<PayoutStatus>;
};

const GATEWAY_NAMES = { cashfree: 'Cashfree', razorpay: 'Razorpay' } as const;

/** The per-page webhook path: the creator registers it in their own gateway's dashboard. */
export function accountWebhookPath(gateway: OwnAccountGatewayName, accountId: string): string {
  return `/api/payments/webhooks/${gateway}/accounts/${accountId}`;
}

/**
 * Creators' own gateway accounts (issue 27). Secrets are sealed with SECRETS_KEY, bound to the
 * account's row, opened only to build the provider that signs calls and verifies webhooks.
 */
export function createPayoutAccounts(options: {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  /** The operator's provider (read at each use: tests replace it after the app is built). */
  platform: () => PaymentProvider;
  vendors: SplitVendors;
  /** Cashfree and Razorpay, or the sandbox's simulation of each (PAYMENT_PROVIDER=sandbox). */
  gateways: OwnAccountGateways;
}): PayoutAccounts {
  const { config, db, log, platform, vendors, gateways } = options;
  const modes = config.PAYOUT_MODES;
  const offers = (gateway: OwnAccountGatewayName) => modes.includes(OWN_ACCOUNT_MODE[gateway]);
  const offersOwn = OWN_ACCOUNT_GATEWAYS.some(offers);
  const box: SecretBox | null = secretBoxOf(config.SECRETS_KEY);
  /** Providers by account id: each holds its opened secrets in memory only. */
  const providers = new Map<
    string,
    { gateway: OwnAccountGatewayName; provider: PaymentProvider }
  >();

  async function readAccount(accountId: string): Promise<PayoutAccountRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(accountId)) return null;
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.id, accountId));
    return row ?? null;
  }

  /** The page's current own account, at a gateway the operator still offers. */
  async function currentAccount(streamerId: string): Promise<PayoutAccountRow | null> {
    if (!offersOwn) return null;
    const [row] = await db
      .select()
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.streamerId, streamerId), isNull(payoutAccounts.retiredAt)));
    return row && offers(row.gateway) ? row : null;
  }

  async function markFailing(accountId: string, code: PayoutProblem): Promise<void> {
    await db
      .update(payoutAccounts)
      .set({ status: 'failing', failureCode: code, checkedAt: new Date() })
      .where(eq(payoutAccounts.id, accountId));
    log.warn({ payoutAccountId: accountId, code }, 'creator payment account refused its keys');
  }

  /** The gateway's adapter with the creator's keys; a refusal of the keys marks the account. */
  function buildProvider(row: PayoutAccountRow, keys: OwnAccountKeys): PaymentProvider {
    const inner = gateways[row.gateway].provider(keys);
    const watch = async <T>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (error instanceof ProviderHttpError && KEY_REFUSALS.has(error.status))
          await markFailing(row.id, 'keys_rejected');
        throw error;
      }
    };
    return {
      ...inner,
      createOrder: (input) => watch(() => inner.createOrder(input)),
      fetchOrder: (orderId) => watch(() => inner.fetchOrder(orderId)),
    };
  }

  /** The creator account's secrets, opened: for calls and signatures on this server only. */
  async function openKeys(accountId: string) {
    const row = await readAccount(accountId);
    if (!row || !box) return null;
    const context = sealContext(row);
    const keys: OwnAccountKeys = {
      keyId: row.keyId,
      secretKey: box.open(row.secretEnc, context),
      webhookSecret: row.webhookSecretEnc
        ? box.open(row.webhookSecretEnc, webhookSealContext(row))
        : null,
      environment: row.environment,
    };
    return { row, keys };
  }

  async function providerForAccount(
    accountId: string,
    gateway?: OwnAccountGatewayName,
  ): Promise<PaymentProvider | null> {
    const cached = providers.get(accountId);
    if (cached) return !gateway || cached.gateway === gateway ? cached.provider : null;
    const opened = await openKeys(accountId);
    if (!opened) return null;
    const provider = buildProvider(opened.row, opened.keys);
    providers.set(accountId, { gateway: opened.row.gateway, provider });
    return !gateway || opened.row.gateway === gateway ? provider : null;
  }

  function requireOwnMode(gateway: OwnAccountGatewayName): SecretBox {
    if (!offers(gateway) || !box) {
      throw new AppError(
        403,
        'payout_mode_not_offered',
        `This site does not offer connecting your own ${GATEWAY_NAMES[gateway]} account.`,
      );
    }
    return box;
  }

  /**
   * Checks the keys with the gateway, seals the secrets and makes the account the page's
   * current one; keys the gateway refuses are not stored.
   */
  async function connect(
    streamerId: string,
    gateway: OwnAccountGatewayName,
    keys: OwnAccountKeys,
    refusal: string,
  ): Promise<void> {
    const secrets = requireOwnMode(gateway);
    const draft: PayoutAccountRow = {
      id: crypto.randomUUID(),
      streamerId,
      gateway,
      environment: keys.environment,
      keyId: keys.keyId,
      secretEnc: '',
      secretLast4: keys.secretKey.slice(-4),
      webhookSecretEnc: null,
      webhookSecretLast4: keys.webhookSecret?.slice(-4) ?? null,
      status: 'active',
      failureCode: null,
      checkedAt: new Date(),
      createdAt: new Date(),
      retiredAt: null,
    };
    if (!(await gateways[gateway].keysWork(keys))) throw badRequest(refusal, 'keys_rejected');
    const row: PayoutAccountRow = {
      ...draft,
      secretEnc: secrets.seal(keys.secretKey, sealContext(draft)),
      webhookSecretEnc: keys.webhookSecret
        ? secrets.seal(keys.webhookSecret, webhookSealContext(draft))
        : null,
    };
    await db.transaction(async (tx) => {
      // The old account is retired, not deleted: its in-flight orders still settle with it.
      await tx
        .update(payoutAccounts)
        .set({ retiredAt: new Date() })
        .where(and(eq(payoutAccounts.streamerId, streamerId), isNull(payoutAccounts.retiredAt)));
      await tx.insert(payoutAccounts).values(row);
    });
  }

  const refused = (problem: PayoutProblem): PaymentRoute => ({
    provider: null,
    payoutAccountId: null,
    ownGateway: null,
    split: null,
    problem,
  });
  const platformRoute = (): PaymentRoute => ({
    provider: platform(),
    payoutAccountId: null,
    ownGateway: null,
    split: null,
    problem: null,
  });

  /**
   * The creator's own account comes first, then their Easy Split vendor, then the platform
   * account where the operator allows it. A route the creator set up that does not work (keys
   * refused, vendor not active) never falls back to the operator's account: the page waits.
   */
  async function routeFor(streamerId: string): Promise<PaymentRoute> {
    // The default deployment: every page is paid into the platform account, no look-up.
    if (modes.length === 1 && modes[0] === 'platform') return platformRoute();
    const account = await currentAccount(streamerId);
    if (account) {
      if (account.status !== 'active') return refused('keys_rejected');
      const provider = await providerForAccount(account.id).catch((error: unknown) => {
        log.error({ err: error, payoutAccountId: account.id }, 'cannot open the account keys');
        return null;
      });
      if (!provider) return refused('secrets_unavailable');
      return {
        provider,
        payoutAccountId: account.id,
        ownGateway: account.gateway,
        split: null,
        problem: null,
      };
    }
    const vendor = vendors.isOffered ? await vendors.current(streamerId) : null;
    if (vendor) {
      if (vendor.status === 'pending') return refused('vendor_pending');
      if (vendor.status === 'rejected') return refused('vendor_rejected');
      return {
        provider: platform(),
        payoutAccountId: null,
        ownGateway: null,
        split: { vendorId: vendor.vendorId },
        problem: null,
      };
    }
    return modes.includes('platform') ? platformRoute() : refused('account_required');
  }

  return {
    modes,
    vendors,
    routeFor,

    async orderAccount(orderId) {
      const accountId = await payoutAccountIdOfOrder(db, orderId);
      if (!accountId) return { payoutAccountId: null, provider: null };
      const provider = await providerForAccount(accountId);
      if (!provider) throw new Error(`payout account ${accountId} cannot be opened`);
      return { payoutAccountId: accountId, provider };
    },

    providerForAccount,

    async accountSettlements(accountId, orders) {
      const opened = await openKeys(accountId);
      if (!opened) throw new Error(`payout account ${accountId} cannot be opened`);
      return gateways[opened.row.gateway].settlements(opened.keys, orders);
    },

    async webhookSigningOf(accountId) {
      const opened = await openKeys(accountId);
      if (!opened) return null;
      return {
        secret: webhookSigningSecret(opened.keys),
        path: accountWebhookPath(opened.row.gateway, accountId),
      };
    },

    async razorpayKeySecretOf(accountId) {
      const opened = await openKeys(accountId);
      return opened?.row.gateway === 'razorpay' ? opened.keys.secretKey : null;
    },

    connectOwnCashfree: (streamerId, input) =>
      connect(
        streamerId,
        'cashfree',
        {
          keyId: input.app_id,
          secretKey: input.secret_key,
          webhookSecret: null,
          environment: input.environment,
        },
        'Cashfree refused these keys. Copy the App ID and Secret key again from the same mode (Test or Production).',
      ),

    // The key's prefix says its mode; the webhook secret cannot be checked until a webhook
    // arrives (Razorpay has no API for it), so the dashboard shows its last four characters.
    connectOwnRazorpay: (streamerId, input) =>
      connect(
        streamerId,
        'razorpay',
        {
          keyId: input.key_id,
          secretKey: input.key_secret,
          webhookSecret: input.webhook_secret,
          environment: input.key_id.startsWith('rzp_live_') ? 'production' : 'sandbox',
        },
        'Razorpay refused these keys. Copy the Key ID and Key Secret again from Account & Settings → API Keys (regenerate the key if the secret is lost).',
      ),

    async recheck(streamerId) {
      // Nothing to check where creators cannot connect accounts (the status says so).
      const account = await currentAccount(streamerId);
      if (!account) return;
      const opened = await openKeys(account.id);
      if (!opened) return;
      if (await gateways[account.gateway].keysWork(opened.keys)) {
        await db
          .update(payoutAccounts)
          .set({ status: 'active', failureCode: null, checkedAt: new Date() })
          .where(eq(payoutAccounts.id, account.id));
      } else {
        await markFailing(account.id, 'keys_rejected');
      }
    },

    async disconnect(streamerId) {
      await db
        .update(payoutAccounts)
        .set({ retiredAt: new Date() })
        .where(and(eq(payoutAccounts.streamerId, streamerId), isNull(payoutAccounts.retiredAt)));
    },

    async status(streamerId) {
      const route = await routeFor(streamerId);
      const account = await currentAccount(streamerId);
      const vendor = vendors.isOffered ? await vendors.current(streamerId) : null;
      return presentPayoutStatus(config, route, account, vendor);
    },
  };
}

/** The associated data a secret is sealed with: a value copied to another row does not open. */
function sealContext(row: Pick<PayoutAccountRow, 'id' | 'streamerId'>): string {
  return `payout:${row.streamerId}:${row.id}`;
}

/** The webhook secret's: distinct, so the two sealed values cannot be swapped either. */
function webhookSealContext(row: Pick<PayoutAccountRow, 'id' | 'streamerId'>): string {
  return `payout-webhook:${row.streamerId}:${row.id}`;
}

/** The route's name as the dashboard and the settlements view show it. */
export function routeName(route: {
  ownGateway: OwnAccountGatewayName | null;
  split: { vendorId: string } | null;
}): PayoutMode {
  if (route.ownGateway) return OWN_ACCOUNT_MODE[route.ownGateway];
  return route.split ? 'cashfree_split' : 'platform';
}

/** The Payouts section's answer: the key id and the secret's last four characters only. */
function presentPayoutStatus(
  config: Config,
  route: PaymentRoute,
  account: PayoutAccountRow | null,
  vendor: PayoutVendorRow | null,
): PayoutStatus {
  const { publicUrl } = config;
  return {
    modes: [...config.PAYOUT_MODES],
    route: route.problem ? null : routeName(route),
    problem: route.problem,
    account: account && {
      gateway: account.gateway,
      environment: account.environment,
      key_id: account.keyId,
      secret_last4: account.secretLast4,
      webhook_secret_last4: account.webhookSecretLast4,
      status: account.status,
      failure_code: account.failureCode,
      webhook_url: `${publicUrl}${accountWebhookPath(account.gateway, account.id)}`,
      checked_at: account.checkedAt.toISOString(),
      connected_at: account.createdAt.toISOString(),
    },
    vendor: vendor && {
      vendor_id: vendor.vendorId,
      legal_name: vendor.legalName,
      pan_last4: vendor.panLast4,
      payout_to: vendor.payoutTo,
      status: vendor.status,
      gateway_status: vendor.gatewayStatus,
      checked_at: vendor.checkedAt.toISOString(),
    },
    platform_fee_percent: config.PAYOUT_MODES.includes('cashfree_split')
      ? config.PLATFORM_FEE_PERCENT
      : 0,
  };
}

/** Refuses an order on a page that has no working payment account (issue 27). */
export function payoutUnavailable(name: string): AppError {
  return new AppError(403, 'payouts_unavailable', `${name} is not accepting tips yet.`);
}

/**
 * What a page's public profile offers fans: the provider its checkout opens, and whether it is
 * taking tips. A page with no working payment account reads as "not accepting tips yet", the
 * donation page's existing preview state, so the page bundle needs no new code.
 */
export async function checkoutAccess<T extends { isPreview: boolean }>(
  payouts: Pick<PayoutAccounts, 'routeFor'>,
  platform: PaymentProvider,
  streamerId: string,
  access: T,
): Promise<{ provider: PaymentProvider; access: T }> {
  const route = await payouts.routeFor(streamerId);
  return {
    provider: route.provider ?? platform,
    access: { ...access, isPreview: access.isPreview || route.provider === null },
  };
}

/**
 * What an order made on this route carries: the creator account it is made with and where that
 * account's webhooks arrive, or the Easy Split vendor and the creator's share of the amount.
 */
export function orderRouting(
  payouts: Pick<PayoutAccounts, 'vendors'>,
  route: Extract<PaymentRoute, { problem: null }>,
): {
  payoutAccountId: string | null;
  webhookPath?: string;
  splitOf?: (amountPaise: number) => { vendorId: string; amountPaise: number };
} {
  if (route.payoutAccountId && route.ownGateway)
    return {
      payoutAccountId: route.payoutAccountId,
      webhookPath: accountWebhookPath(route.ownGateway, route.payoutAccountId),
    };
  const split = route.split;
  if (!split) return { payoutAccountId: null };
  return {
    payoutAccountId: null,
    splitOf: (amountPaise) => ({
      vendorId: split.vendorId,
      amountPaise: payouts.vendors.shareOf(amountPaise),
    }),
  };
}
