import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SplitVendorInput } from '@shabaash/core';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { payoutVendors } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import {
  createCashfreeSettlements,
  type OrderSettlement,
  type VendorInput,
  type VendorState,
} from '../payments/providers/cashfree-settlements.ts';
import { ProviderError } from '../payments/payment-provider.ts';
import { ProviderHttpError, type ProviderHttpTuning } from '../payments/providers/provider-http.ts';

export type PayoutVendorRow = typeof payoutVendors.$inferSelect;

/** A paid split order, as the settlements view asks about it. */
export type PaidSplitOrder = { orderId: string; paidAt: Date; sharePaise: number };

/**
 * Where vendors live and split settlements are read: Cashfree's Easy Split on the platform
 * account, or the sandbox's simulation of it (PAYMENT_PROVIDER=sandbox).
 */
export type SplitGateway = {
  createVendor(input: VendorInput, row: Pick<PayoutVendorRow, 'createdAt'>): Promise<VendorState>;
  vendorState(row: PayoutVendorRow): Promise<VendorState | null>;
  settlements(orders: PaidSplitOrder[], vendorId: string): Promise<OrderSettlement[]>;
};

/** The sandbox's vendor is verified a minute after onboarding, as Cashfree's takes a while. */
export const SANDBOX_VENDOR_VERIFY_MS = 60_000;
/** The sandbox settles a split share a day after the payment (Cashfree's usual T+1). */
export const SANDBOX_SETTLEMENT_DELAY_MS = 24 * 3_600_000;

/**
 * The sandbox's Easy Split: nothing leaves this server and no money moves. A vendor is pending
 * until a minute has passed, then active; a share is settled the day after its payment, with no
 * fee (the sandbox charges none) and a made-up UTR marked as such.
 */
export function createSandboxSplitGateway(now: () => number = Date.now): SplitGateway {
  const stateAt = (createdAt: Date): VendorState =>
    now() - createdAt.getTime() >= SANDBOX_VENDOR_VERIFY_MS
      ? { gatewayStatus: 'ACTIVE', status: 'active' }
      : { gatewayStatus: 'IN_BENE_CREATION', status: 'pending' };
  return {
    createVendor: async (_input, row) => stateAt(row.createdAt),
    vendorState: async (row) => stateAt(row.createdAt),
    settlements: async (orders) =>
      orders.map((order) => {
        const settledAt = order.paidAt.getTime() + SANDBOX_SETTLEMENT_DELAY_MS;
        const isSettled = now() >= settledAt;
        return {
          orderId: order.orderId,
          feesPaise: null,
          settlementPaise: order.sharePaise,
          settled: isSettled,
          settledAt: isSettled ? new Date(settledAt).toISOString() : null,
          utr: isSettled ? `SANDBOX-${order.orderId.slice(-8).toUpperCase()}` : null,
        };
      }),
  };
}

/** Cashfree Easy Split on the operator's account (PAYMENT_PROVIDER=cashfree keys). */
export function createCashfreeSplitGateway(
  config: Config,
  http?: Partial<ProviderHttpTuning>,
): SplitGateway {
  const api = createCashfreeSettlements({
    appId: config.CASHFREE_APP_ID ?? '',
    secretKey: config.CASHFREE_SECRET_KEY ?? '',
    environment: config.CASHFREE_ENV,
    apiBase: config.CASHFREE_API_BASE,
    http,
  });
  return {
    async createVendor(input) {
      try {
        return await api.createVendor(input);
      } catch (error) {
        // An earlier try created it but its answer was lost: the vendor is ours, read it back.
        if (!(error instanceof ProviderHttpError && error.status === 409)) throw error;
        const state = await api.vendorState(input.vendorId);
        if (!state) throw error;
        return state;
      }
    },
    vendorState: (row) => api.vendorState(row.vendorId),
    settlements: (orders, vendorId) =>
      api.splitSettlements(
        orders.map((order) => order.orderId),
        vendorId,
      ),
  };
}

/** How often a vendor's status is asked again, when a page, an order or the dashboard needs it. */
const VENDOR_RECHECK_MS = 30_000;

export type SplitVendors = ReturnType<typeof createSplitVendors>;

/**
 * Creators as Easy Split vendors of the platform's Cashfree account (issue 27). The PAN and the
 * bank account or UPI ID go to Cashfree only; this table keeps the legal name and masked forms.
 */
export function createSplitVendors(options: {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  gateway: SplitGateway;
}) {
  const { config, db, log, gateway } = options;
  const isOffered = config.PAYOUT_MODES.includes('cashfree_split');

  async function read(streamerId: string): Promise<PayoutVendorRow | null> {
    const [row] = await db
      .select()
      .from(payoutVendors)
      .where(eq(payoutVendors.streamerId, streamerId));
    return row ?? null;
  }

  async function store(streamerId: string, state: VendorState): Promise<void> {
    await db
      .update(payoutVendors)
      .set({ status: state.status, gatewayStatus: state.gatewayStatus, checkedAt: new Date() })
      .where(eq(payoutVendors.streamerId, streamerId));
  }

  /**
   * The vendor, its status asked again at Cashfree when it is due: a pending vendor may have
   * been verified, an active one blocked. A rejected vendor stays so (the operator steps in).
   */
  async function current(
    streamerId: string,
    options: { force?: boolean } = {},
  ): Promise<PayoutVendorRow | null> {
    const row = await read(streamerId);
    if (!row || row.status === 'rejected') return row;
    const isDue = options.force || Date.now() - row.checkedAt.getTime() >= VENDOR_RECHECK_MS;
    if (!isDue && !(row.status === 'pending' && isSandboxDue(row))) return row;
    try {
      const state = await gateway.vendorState(row);
      if (!state) return row;
      await store(streamerId, state);
      return { ...row, status: state.status, gatewayStatus: state.gatewayStatus };
    } catch (error) {
      log.warn({ err: error, vendorId: row.vendorId }, 'vendor status look-up failed');
      return row;
    }
  }

  /** The sandbox's vendor turns active at a known time: no need to wait for the recheck. */
  function isSandboxDue(row: PayoutVendorRow): boolean {
    return (
      config.PAYMENT_PROVIDER === 'sandbox' &&
      Date.now() - row.createdAt.getTime() >= SANDBOX_VENDOR_VERIFY_MS
    );
  }

  return {
    isOffered,
    current,

    /** Onboards the creator once; a second onboarding is refused (Cashfree keeps the first). */
    async onboard(streamerId: string, input: SplitVendorInput): Promise<void> {
      if (!isOffered) {
        throw new AppError(
          403,
          'payout_mode_not_offered',
          'This site does not offer split settlement.',
        );
      }
      if (await read(streamerId)) {
        throw new AppError(
          409,
          'vendor_exists',
          'You are already set up for split settlement; contact the site to change your details.',
        );
      }
      const vendorId = `sb_${streamerId.replaceAll('-', '').slice(0, 24)}`;
      const createdAt = new Date();
      const payoutTo =
        input.payout_to.kind === 'bank'
          ? `Bank account ••••${input.payout_to.account_number.slice(-4)} (${input.payout_to.ifsc})`
          : `UPI ${maskVpa(input.payout_to.vpa)}`;
      let state: VendorState;
      try {
        state = await gateway.createVendor(
          {
            vendorId,
            legalName: input.legal_name,
            email: input.email,
            phone: input.phone,
            pan: input.pan,
            payoutTo:
              input.payout_to.kind === 'bank'
                ? {
                    kind: 'bank',
                    accountNumber: input.payout_to.account_number,
                    ifsc: input.payout_to.ifsc,
                  }
                : { kind: 'upi', vpa: input.payout_to.vpa },
          },
          { createdAt },
        );
      } catch (error) {
        if (error instanceof ProviderError && !error.retryable) {
          throw new AppError(400, 'vendor_refused', 'Cashfree refused these details: check them.', {
            cause: error,
          });
        }
        throw new AppError(
          502,
          'provider_unavailable',
          'Cashfree could not be reached; try again.',
          {
            cause: error,
          },
        );
      }
      await db.insert(payoutVendors).values({
        streamerId,
        vendorId,
        legalName: input.legal_name,
        panLast4: input.pan.slice(-4),
        payoutTo,
        status: state.status,
        gatewayStatus: state.gatewayStatus,
        createdAt,
        checkedAt: createdAt,
      });
    },

    /** The creator's share of a tip: the amount less the operator's fee, rounded down. */
    shareOf(amountPaise: number): number {
      return amountPaise - Math.ceil((amountPaise * config.PLATFORM_FEE_PERCENT) / 100);
    },

    settlements: (orders: PaidSplitOrder[], vendorId: string) =>
      gateway.settlements(orders, vendorId),
  };
}

/** `priya@okhdfc` → `pr•••@okhdfc`: enough for the creator to recognise it. */
function maskVpa(vpa: string): string {
  const [name = '', bank = ''] = vpa.split('@');
  return `${name.slice(0, 2)}•••@${bank}`;
}
