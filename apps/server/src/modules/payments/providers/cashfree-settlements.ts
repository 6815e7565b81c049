import { rupeesToPaise } from '@shabaash/core';
import { z } from 'zod';
import { CASHFREE_API_VERSION, CASHFREE_BASE_URLS } from './cashfree.provider.ts';
import { createProviderHttp, ProviderHttpError, type ProviderHttpTuning } from './provider-http.ts';

/**
 * Cashfree's money-out APIs that issue 27 reads (API version 2025-01-01, same hosts and headers
 * as orders): Easy Split vendors (create, status), the split and settlement of an order, and
 * the settlement of an order paid into a merchant's own account. Amounts are rupees, as in
 * every Cashfree PG API; they are turned into paise here.
 */

export type CashfreeKeys = {
  appId: string;
  secretKey: string;
  environment: 'sandbox' | 'production';
  apiBase?: string;
  http?: Partial<ProviderHttpTuning>;
};

/** What the creator gives to be onboarded as a vendor (Create Vendor's required KYC). */
export type VendorInput = {
  vendorId: string;
  legalName: string;
  email: string;
  phone: string;
  pan: string;
  payoutTo: { kind: 'bank'; accountNumber: string; ifsc: string } | { kind: 'upi'; vpa: string };
};

/** A vendor's verification state, normalised: ACTIVE splits settle; others wait or stop. */
export type VendorState = { gatewayStatus: string; status: 'pending' | 'active' | 'rejected' };

/** One order's money as the gateway reports it; null fields are what it has not reported. */
export type OrderSettlement = {
  orderId: string;
  /** The gateway's fee and tax on the payment, where its API reports them. */
  feesPaise: number | null;
  /** What is (or will be) paid to the creator's bank for this order. */
  settlementPaise: number | null;
  settled: boolean;
  settledAt: string | null;
  utr: string | null;
};

const vendorSchema = z.object({ vendor_id: z.string(), status: z.string() });

const money = z.union([z.number(), z.string()]).transform((value) => Number(value));
/** A text field Cashfree may leave null or write as "N/A" (not settled yet). */
const maybe = z
  .string()
  .nullish()
  .transform((value) => (value && value !== 'N/A' ? value : null));

/** Get Settlements by Order ID: the settlement of one paid order, in the merchant's account. */
const orderSettlementSchema = z.object({
  order_id: z.string(),
  service_charge: money.nullish(),
  service_tax: money.nullish(),
  settlement_amount: money.nullish(),
  transfer_time: maybe,
  transfer_utr: maybe,
});

/** Get Split and Settlement Details by OrderID v2.0: one row per order and per vendor share. */
const reconSchema = z.object({
  data: z.array(
    z.object({
      merchant_order_id: z.string(),
      entity_type: z.string(),
      amount: money,
      settled: z.string(),
      settlement_time: maybe,
      merchant_settlement_utr: maybe,
      merchant_vendor_id: maybe,
      pg_service_charge: money.nullish(),
      pg_service_tax: money.nullish(),
    }),
  ),
});

/** Cashfree's vendor statuses: ACTIVE settles; BLOCKED or DELETED never will; others wait. */
export function vendorStateOf(gatewayStatus: string): VendorState {
  if (gatewayStatus === 'ACTIVE') return { gatewayStatus, status: 'active' };
  if (gatewayStatus === 'BLOCKED' || gatewayStatus === 'DELETED')
    return { gatewayStatus, status: 'rejected' };
  return { gatewayStatus, status: 'pending' };
}

export function createCashfreeSettlements(keys: CashfreeKeys) {
  const http = createProviderHttp({
    provider: 'Cashfree',
    baseUrl: keys.apiBase ?? CASHFREE_BASE_URLS[keys.environment],
    headers: {
      'x-client-id': keys.appId,
      'x-client-secret': keys.secretKey,
      'x-api-version': CASHFREE_API_VERSION,
    },
    tuning: keys.http,
  });

  return {
    /** Create Vendor: the vendor settles by bank account or UPI ID, T+1 (schedule option 1). */
    async createVendor(input: VendorInput): Promise<VendorState> {
      const holder = input.legalName;
      const vendor = await http.request({
        method: 'POST',
        path: '/easy-split/vendors',
        body: {
          vendor_id: input.vendorId,
          status: 'ACTIVE',
          name: input.legalName,
          email: input.email,
          phone: input.phone,
          verify_account: true,
          dashboard_access: false,
          schedule_option: 1,
          ...(input.payoutTo.kind === 'bank'
            ? {
                bank: {
                  account_number: input.payoutTo.accountNumber,
                  account_holder: holder,
                  ifsc: input.payoutTo.ifsc,
                },
              }
            : { upi: { vpa: input.payoutTo.vpa, account_holder: holder } }),
          kyc_details: { account_type: 'INDIVIDUAL', pan: input.pan },
        },
        // Not idempotent at Cashfree: a lost answer is recovered by reading the vendor back.
        attempts: 1,
        parse: (answer) => vendorSchema.parse(answer),
      });
      return vendorStateOf(vendor.status);
    },

    /** Get Vendor All Details: the vendor's verification status now; null if unknown. */
    async vendorState(vendorId: string): Promise<VendorState | null> {
      try {
        const vendor = await http.request({
          method: 'GET',
          path: `/easy-split/vendors/${encodeURIComponent(vendorId)}`,
          parse: (answer) => vendorSchema.parse(answer),
        });
        return vendorStateOf(vendor.status);
      } catch (error) {
        if (error instanceof ProviderHttpError && error.status === 404) return null;
        throw error;
      }
    },

    /** An order paid into this merchant account: its fees and settlement, once settled. */
    async orderSettlement(orderId: string): Promise<OrderSettlement> {
      try {
        const answer = await http.request({
          method: 'GET',
          path: `/orders/${encodeURIComponent(orderId)}/settlements`,
          parse: (body) => orderSettlementSchema.parse(body),
        });
        const fees =
          answer.service_charge == null
            ? null
            : rupeesToPaise(answer.service_charge + (answer.service_tax ?? 0));
        return {
          orderId,
          feesPaise: fees,
          settlementPaise:
            answer.settlement_amount == null ? null : rupeesToPaise(answer.settlement_amount),
          settled: Boolean(answer.transfer_time),
          settledAt: answer.transfer_time ?? null,
          utr: answer.transfer_utr ?? null,
        };
      } catch (error) {
        // Not settled yet: Cashfree has no settlement for the order.
        if (error instanceof ProviderHttpError && error.status === 404) return unsettled(orderId);
        throw error;
      }
    },

    /** Split orders of the platform account: each vendor share's settlement, by order id. */
    async splitSettlements(orderIds: string[], vendorId: string): Promise<OrderSettlement[]> {
      if (orderIds.length === 0) return [];
      const answer = await http.request({
        method: 'POST',
        path: '/split/order/vendor/recon',
        body: { filters: { start_date: null, end_date: null, order_ids: orderIds } },
        parse: (body) => reconSchema.parse(body),
      });
      return orderIds.map((orderId) => {
        const rows = answer.data.filter((row) => row.merchant_order_id === orderId);
        const order = rows.find((row) => row.entity_type === 'transaction');
        const share = rows.find(
          (row) => row.entity_type !== 'transaction' && row.merchant_vendor_id === vendorId,
        );
        if (!share) return unsettled(orderId);
        const isSettled = share.settled === 'YES';
        const fees =
          order?.pg_service_charge == null
            ? null
            : rupeesToPaise(order.pg_service_charge + (order.pg_service_tax ?? 0));
        return {
          orderId,
          feesPaise: fees,
          settlementPaise: rupeesToPaise(share.amount),
          settled: isSettled,
          settledAt: isSettled ? (share.settlement_time ?? null) : null,
          utr: isSettled ? (share.merchant_settlement_utr ?? null) : null,
        };
      });
    },
  };
}

export type CashfreeSettlements = ReturnType<typeof createCashfreeSettlements>;

function unsettled(orderId: string): OrderSettlement {
  return {
    orderId,
    feesPaise: null,
    settlementPaise: null,
    settled: false,
    settledAt: null,
    utr: null,
  };
}
