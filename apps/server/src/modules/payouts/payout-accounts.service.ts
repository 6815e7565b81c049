import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import type { OwnCashfreeConnect, PayoutMode, PayoutProblem, PayoutStatus } from '@shabaash/core';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { payoutAccounts } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { secretBoxOf, type SecretBox } from '../../lib/secrets.ts';
import { findDonationByOrderId } from '../donations/donations.service.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import type { OrderSettlement } from '../payments/providers/cashfree-settlements.ts';
import { ProviderHttpError } from '../payments/providers/provider-http.ts';
import {
  KEY_REFUSALS,
  type OwnAccountGateway,
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
      split: { vendorId: string } | null;
      problem: null;
    }
  | { provider: null; payoutAccountId: null; split: null; problem: PayoutProblem };

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
  /** A creator account's provider, retired ones included (their orders may still be paid). */
  providerForAccount(accountId: string): Promise<PaymentProvider | null>;
  /** A paid order's settlement, from the settlement API of the account it was paid into. */
  accountSettlement(accountId: string, order: PaidAccountOrder): Promise<OrderSettlement>;
  /**
   * The account's secret, for the sandbox to sign the webhooks its simulated gateway sends to
   * the page's own URL. Server-side only: never answered, never logged.
   */
  signingSecretOf(accountId: string): Promise<string | null>;
  connectOwnCashfree(streamerId: string, input: OwnCashfreeConnect): Promise<void>;
  /** Checks the current account's keys again (after the creator fixed them at Cashfree). */
  recheck(streamerId: string): Promise<void>;
  /** Retires the current account: tips go to the platform account again, if allowed. */
  disconnect(streamerId: string): Promise<void>;
  status(streamerId: string): Promise<PayoutStatus>;
};

/** The per-page webhook path: the creator registers it in their own Cashfree dashboard. */
export function accountWebhookPath(accountId: string): string {
  return `/api/payments/webhooks/cashfree/accounts/${accountId}`;
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
  /** Cashfree, or the sandbox's simulation of it (PAYMENT_PROVIDER=sandbox). */
  gateway: OwnAccountGateway;
}): PayoutAccounts {
  const { config, db, log, platform, vendors, gateway } = options;
  const modes = config.PAYOUT_MODES;
  const box: SecretBox | null = secretBoxOf(config.SECRETS_KEY);
  /** Providers by account id: each holds its opened secret in memory only. */
  const providers = new Map<string, PaymentProvider>();

  async function readAccount(accountId: string): Promise<PayoutAccountRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(accountId)) return null;
    const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.id, accountId));
    return row ?? null;
  }

  async function currentAccount(streamerId: string): Promise<PayoutAccountRow | null> {
    const [row] = await db
      .select()
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.streamerId, streamerId), isNull(payoutAccounts.retiredAt)));
    return row ?? null;
  }

  async function markFailing(accountId: string, code: PayoutProblem): Promise<void> {
    await db
      .update(payoutAccounts)
      .set({ status: 'failing', failureCode: code, checkedAt: new Date() })
      .where(eq(payoutAccounts.id, accountId));
    log.warn({ payoutAccountId: accountId, code }, 'creator payment account refused its keys');
  }

  /** The gateway's adapter with the creator's keys; a refusal of the keys marks the account. */
  function buildProvider(row: PayoutAccountRow, secretKey: string): PaymentProvider {
    const inner = gateway.provider(keysOf(row, secretKey));
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

  /** The creator account's secret, opened: for calls and signatures on this server only. */
  async function openSecret(accountId: string) {
    const row = await readAccount(accountId);
    if (!row || !box) return null;
    return { row, secretKey: box.open(row.secretEnc, sealContext(row)) };
  }

  async function providerForAccount(accountId: string): Promise<PaymentProvider | null> {
    const cached = providers.get(accountId);
    if (cached) return cached;
    const opened = await openSecret(accountId);
    if (!opened) return null;
    const provider = buildProvider(opened.row, opened.secretKey);
    providers.set(accountId, provider);
    return provider;
  }

  function requireOwnMode(): SecretBox {
    if (!modes.includes('own_cashfree') || !box) {
      throw new AppError(
        403,
        'payout_mode_not_offered',
        'This site does not offer connecting your own Cashfree account.',
      );
    }
    return box;
  }

  const refused = (problem: PayoutProblem): PaymentRoute => ({
    provider: null,
    payoutAccountId: null,
    split: null,
    problem,
  });
  const platformRoute = (): PaymentRoute => ({
    provider: platform(),
    payoutAccountId: null,
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
    const account = modes.includes('own_cashfree') ? await currentAccount(streamerId) : null;
    if (account) {
      if (account.status !== 'active') return refused('keys_rejected');
      const provider = await providerForAccount(account.id).catch((error: unknown) => {
        log.error({ err: error, payoutAccountId: account.id }, 'cannot open the account keys');
        return null;
      });
      if (!provider) return refused('secrets_unavailable');
      return { provider, payoutAccountId: account.id, split: null, problem: null };
    }
    const vendor = vendors.isOffered ? await vendors.current(streamerId) : null;
    if (vendor) {
      if (vendor.status === 'pending') return refused('vendor_pending');
      if (vendor.status === 'rejected') return refused('vendor_rejected');
      return {
        provider: platform(),
        payoutAccountId: null,
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
      const donation = await findDonationByOrderId(db, orderId);
      const accountId = donation?.payoutAccountId ?? null;
      if (!accountId) return { payoutAccountId: null, provider: null };
      const provider = await providerForAccount(accountId);
      if (!provider) throw new Error(`payout account ${accountId} cannot be opened`);
      return { payoutAccountId: accountId, provider };
    },

    providerForAccount,

    async accountSettlement(accountId, order) {
      const opened = await openSecret(accountId);
      if (!opened) throw new Error(`payout account ${accountId} cannot be opened`);
      return gateway.settlement(keysOf(opened.row, opened.secretKey), order);
    },

    async signingSecretOf(accountId) {
      return (await openSecret(accountId))?.secretKey ?? null;
    },

    async connectOwnCashfree(streamerId, input) {
      const secrets = requireOwnMode();
      const draft: PayoutAccountRow = {
        id: crypto.randomUUID(),
        streamerId,
        gateway: 'cashfree',
        environment: input.environment,
        keyId: input.app_id,
        secretEnc: '',
        secretLast4: input.secret_key.slice(-4),
        status: 'active',
        failureCode: null,
        checkedAt: new Date(),
        createdAt: new Date(),
        retiredAt: null,
      };
      if (!(await gateway.keysWork(keysOf(draft, input.secret_key)))) {
        throw badRequest(
          'Cashfree refused these keys. Copy the App ID and Secret key again from the same mode (Test or Production).',
          'keys_rejected',
        );
      }
      const row = { ...draft, secretEnc: secrets.seal(input.secret_key, sealContext(draft)) };
      await db.transaction(async (tx) => {
        // The old account is retired, not deleted: its in-flight orders still settle with it.
        await tx
          .update(payoutAccounts)
          .set({ retiredAt: new Date() })
          .where(and(eq(payoutAccounts.streamerId, streamerId), isNull(payoutAccounts.retiredAt)));
        await tx.insert(payoutAccounts).values(row);
      });
    },

    async recheck(streamerId) {
      // Nothing to check where creators cannot connect accounts (the status says so).
      if (!modes.includes('own_cashfree')) return;
      const account = await currentAccount(streamerId);
      if (!account) return;
      const opened = await openSecret(account.id);
      if (!opened) return;
      if (await gateway.keysWork(keysOf(opened.row, opened.secretKey))) {
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
      const account = modes.includes('own_cashfree') ? await currentAccount(streamerId) : null;
      const vendor = vendors.isOffered ? await vendors.current(streamerId) : null;
      return presentPayoutStatus(config, route, account, vendor);
    },
  };
}

function keysOf(row: PayoutAccountRow, secretKey: string): OwnAccountKeys {
  return { keyId: row.keyId, secretKey, environment: row.environment };
}

/** The associated data a secret is sealed with: a value copied to another row does not open. */
function sealContext(row: Pick<PayoutAccountRow, 'id' | 'streamerId'>): string {
  return `payout:${row.streamerId}:${row.id}`;
}

/** The route's name as the dashboard and the settlements view show it. */
export function routeName(route: Pick<PaymentRoute, 'payoutAccountId' | 'split'>): PayoutMode {
  if (route.payoutAccountId) return 'own_cashfree';
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
      status: account.status,
      failure_code: account.failureCode,
      webhook_url: `${publicUrl}${accountWebhookPath(account.id)}`,
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
  if (route.payoutAccountId)
    return {
      payoutAccountId: route.payoutAccountId,
      webhookPath: accountWebhookPath(route.payoutAccountId),
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
