import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import {
  createCashfreeSettlements,
  type OrderSettlement,
} from '../payments/providers/cashfree-settlements.ts';
import { createCashfreeProvider } from '../payments/providers/cashfree.provider.ts';
import { ProviderHttpError, type ProviderHttpTuning } from '../payments/providers/provider-http.ts';
import { createSandboxProvider } from '../payments/providers/sandbox.provider.ts';
import { SANDBOX_SETTLEMENT_DELAY_MS } from './split-vendors.service.ts';

/** A creator's account as the gateway needs it: its public key, mode and opened secret. */
export type OwnAccountKeys = {
  keyId: string;
  secretKey: string;
  environment: 'sandbox' | 'production';
};

/** A paid order of a creator account, as the settlements view asks about it. */
export type PaidAccountOrder = { orderId: string; paidAt: Date; amountPaise: number };

/**
 * Where creators' own accounts live: Cashfree (PAYMENT_PROVIDER cashfree or razorpay), or the
 * sandbox's simulation of a Cashfree account (PAYMENT_PROVIDER=sandbox).
 */
export type OwnAccountGateway = {
  provider(keys: OwnAccountKeys): PaymentProvider;
  /** A harmless check of the keys: false when the gateway refuses them. */
  keysWork(keys: OwnAccountKeys): Promise<boolean>;
  settlement(keys: OwnAccountKeys, order: PaidAccountOrder): Promise<OrderSettlement>;
};

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

    settlement: (keys, order) =>
      createCashfreeSettlements(keysOf(keys)).orderSettlement(order.orderId),
  };
}

/**
 * The sandbox's creator account: no network and no money. Test keys "verify" (an App ID that
 * starts with TEST, as Cashfree's test App IDs do, in Test mode); orders go to the sandbox's
 * checkout, whose webhooks are signed with the creator's secret and sent to the page's own
 * webhook URL; a payment is "settled" the day after it was made.
 */
export function createSandboxAccountGateway(
  db: Database,
  now: () => number = Date.now,
): OwnAccountGateway {
  return {
    provider: (keys) => createSandboxProvider(db, async () => keys.secretKey),
    keysWork: async (keys) => keys.environment === 'sandbox' && keys.keyId.startsWith('TEST'),
    async settlement(_keys, order) {
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
    },
  };
}
