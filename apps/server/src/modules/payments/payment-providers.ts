import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { findDonationByOrderId } from '../donations/donations.service.ts';
import { loadSandboxSecret } from '../sandbox/sandbox-gateway.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createCashfreeProvider } from './providers/cashfree.provider.ts';
import type { ProviderHttpTuning } from './providers/provider-http.ts';
import { createRazorpayProvider } from './providers/razorpay.provider.ts';
import { createSandboxProvider } from './providers/sandbox.provider.ts';

export type PaymentProviderOptions = {
  /** Time-outs and retries of calls to a real gateway (tests shorten them). */
  http?: Partial<ProviderHttpTuning>;
};

/** The configured gateway. Only one is active per deployment (PAYMENT_PROVIDER). */
export function createPaymentProvider(
  config: Config,
  db: Database,
  options: PaymentProviderOptions = {},
): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox': {
      let secret: Promise<string> | undefined;
      return createSandboxProvider(db, () => (secret ??= loadSandboxSecret(db)));
    }
    case 'cashfree':
      return createCashfreeProvider({
        appId: requireKey(config, 'CASHFREE_APP_ID'),
        secretKey: requireKey(config, 'CASHFREE_SECRET_KEY'),
        environment: config.CASHFREE_ENV,
        apiBase: config.CASHFREE_API_BASE,
        http: options.http,
      });
    case 'razorpay':
      return createRazorpayProvider({
        keyId: requireKey(config, 'RAZORPAY_KEY_ID'),
        keySecret: requireKey(config, 'RAZORPAY_KEY_SECRET'),
        webhookSecret: requireKey(config, 'RAZORPAY_WEBHOOK_SECRET'),
        apiBase: config.RAZORPAY_API_BASE,
        http: options.http,
        findProviderOrderId: async (orderId) =>
          (await findDonationByOrderId(db, orderId))?.providerOrderId ?? null,
      });
  }
}

type KeyName =
  | 'CASHFREE_APP_ID'
  | 'CASHFREE_SECRET_KEY'
  | 'RAZORPAY_KEY_ID'
  | 'RAZORPAY_KEY_SECRET'
  | 'RAZORPAY_WEBHOOK_SECRET';

/** loadConfig already refuses to start without the chosen provider's keys; this narrows. */
function requireKey(config: Config, name: KeyName): string {
  const value = config[name];
  if (!value) throw new Error(`PAYMENT_PROVIDER=${config.PAYMENT_PROVIDER} needs ${name}`);
  return value;
}
