import crypto from 'node:crypto';
import type { OwnAccountGatewayName } from '@shabaash/core';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findDonationByOrderId } from '../donations/donations.service.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import {
  createCashfreeSettlements,
  type OrderSettlement,
} from '../payments/providers/cashfree-settlements.ts';
import { createCashfreeProvider } from '../payments/providers/cashfree.provider.ts';
import { ProviderHttpError, type ProviderHttpTuning } from '../payments/providers/provider-http.ts';
import { createRazorpaySettlements } from '../payments/providers/razorpay-settlements.ts';
import { createRazorpayProvider } from '../payments/providers/razorpay.provider.ts';
import { createSandboxProvider } from '../payments/providers/sandbox.provider.ts';
import { SANDBOX_SETTLEMENT_DELAY_MS } from './split-vendors.service.ts';

/** A creator's account as the gateway needs it: its public key, mode and opened secrets. */
export type OwnAccountKeys = {
  keyId: string;
  secretKey: string;
  /** Razorpay's webhook secret (Cashfree signs webhooks with the secret key: null). */
  webhookSecret: string | null;
  environment: 'sandbox' | 'production';
};

/** A paid order of a creator account, as the settlements view asks about it. */
export type PaidAccountOrder = {
  orderId: string;
  /** The gateway's own id of the order (Razorpay's order_…), where it names its own. */
  providerOrderId: string | null;
  paidAt: Date;
  amountPaise: number;
};

/**
 * One gateway creators may bring their own account at: Cashfree or Razorpay, or the sandbox's
 * simulation of either (PAYMENT_PROVIDER=sandbox).
 */
export type OwnAccountGateway = {
  provider(keys: OwnAccountKeys): PaymentProvider;
  /** A harmless check of the keys: false when the gateway refuses them. */
  keysWork(keys: OwnAccountKeys): Promise<boolean>;
  /** Each paid order's settlement, from the account's settlement API. */
  settlements(keys: OwnAccountKeys, orders: PaidAccountOrder[]): Promise<OrderSettlement[]>;
};

export type OwnAccountGateways = Record<OwnAccountGatewayName, OwnAccountGateway>;

/**
 * The secret the account's webhooks are signed with: Razorpay's webhook secret, or Cashfree's
 * secret key (Cashfree has no separate one).
 */
export function webhookSigningSecret(keys: Pick<OwnAccountKeys, 'secretKey' | 'webhookSecret'>) {
  return keys.webhookSecret ?? keys.secretKey;
}

/** Gateway statuses that mean the keys themselves are refused (not an outage). */
export const KEY_REFUSALS = new Set([401, 403]);

export function createCashfreeAccountGateway(
  config: Config,
  http?: Partial<ProviderHttpTuning>,
): OwnAccountGateway {
  const keysOf = (keys: OwnAccountKeys) => ({
    appId: keys.keyId,
    secretKey: keys.secretKey,
    environment: keys.environment,
    apiBase: config.CASHFREE_API_BASE,
    http,
  });
  return {
    provider: (keys) => createCashfreeProvider(keysOf(keys)),

    // An unknown order answers 404 to good keys and 401 to bad ones; nothing is created.
    async keysWork(keys) {
      try {
        const probe = `keycheck_${crypto.randomBytes(8).toString('hex')}`;
        await createCashfreeProvider(keysOf(keys)).fetchOrder(probe);
        return true;
      } catch (error) {
        if (error instanceof ProviderHttpError && KEY_REFUSALS.has(error.status)) return false;
        throw new AppError(
          502,
          'provider_unavailable',
          'Cashfree could not be reached; try again.',
          {
            cause: error,
          },
        );
      }
    },

    settlements: (keys, orders) =>
      Promise.all(
        orders.map((order) =>
          createCashfreeSettlements(keysOf(keys)).orderSettlement(order.orderId),
        ),
      ),
  };
}

/**
 * A creator's own Razorpay account (API v1): orders and look-ups with the creator's key,
 * webhooks verified with the creator's webhook secret, settlements from its recon report.
 */
export function createRazorpayAccountGateway(
  config: Config,
  db: Database,
  http?: Partial<ProviderHttpTuning>,
  now: () => number = Date.now,
): OwnAccountGateway {
  const settlementsOf = (keys: OwnAccountKeys) =>
    createRazorpaySettlements({
      keyId: keys.keyId,
      keySecret: keys.secretKey,
      apiBase: config.RAZORPAY_API_BASE,
      http,
    });
  return {
    provider: (keys) =>
      createRazorpayProvider({
        keyId: keys.keyId,
        keySecret: keys.secretKey,
        // Every Razorpay account is connected with one; were it missing, a random secret makes
        // sure no webhook verifies (rather than one signed with an empty key).
        webhookSecret: keys.webhookSecret ?? crypto.randomBytes(32).toString('hex'),
        apiBase: config.RAZORPAY_API_BASE,
        http,
        findProviderOrderId: async (orderId) =>
          (await findDonationByOrderId(db, orderId))?.providerOrderId ?? null,
      }),

    // GET /orders?count=1 lists at most one order: 200 to good keys, 401 to bad ones.
    async keysWork(keys) {
      try {
        return await settlementsOf(keys).keysWork();
      } catch (error) {
        throw new AppError(
          502,
          'provider_unavailable',
          'Razorpay could not be reached; try again.',
          {
            cause: error,
          },
        );
      }
    },

    settlements: (keys, orders) => settlementsOf(keys).orderSettlements(orders, new Date(now())),
  };
}

/**
 * The sandbox's creator account: no network and no money. Test keys "verify" (a Cashfree App ID
 * that starts with TEST, as Cashfree's test App IDs do, in Test mode; a Razorpay rzp_test_ key);
 * orders go to the sandbox's checkout, whose webhooks are signed with the account's webhook
 * secret and sent to the page's own webhook URL; a payment is "settled" the day after it was made.
 */
export function createSandboxAccountGateway(
  db: Database,
  gateway: OwnAccountGatewayName,
  now: () => number = Date.now,
): OwnAccountGateway {
  return {
    provider: (keys) => createSandboxProvider(db, async () => webhookSigningSecret(keys)),
    keysWork: async (keys) =>
      keys.environment === 'sandbox' &&
      keys.keyId.startsWith(gateway === 'razorpay' ? 'rzp_test_' : 'TEST'),
    async settlements(_keys, orders) {
      return orders.map((order) => {
        const settledAt = order.paidAt.getTime() + SANDBOX_SETTLEMENT_DELAY_MS;
        const isSettled = now() >= settledAt;
        return {
          orderId: order.orderId,
          feesPaise: null,
          settlementPaise: order.amountPaise,
          settled: isSettled,
          settledAt: isSettled ? new Date(settledAt).toISOString() : null,
          utr: isSettled ? `SANDBOX-${order.orderId.slice(-8).toUpperCase()}` : null,
        };
      });
    },
  };
}
