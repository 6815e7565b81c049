import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { loadSandboxSecret } from '../sandbox/sandbox-gateway.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createSandboxProvider } from './providers/sandbox.provider.ts';

/** The configured gateway. Only one is active per deployment (PAYMENT_PROVIDER). */
export function createPaymentProvider(config: Config, db: Database): PaymentProvider {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox': {
      let secret: Promise<string> | undefined;
      return createSandboxProvider(db, () => (secret ??= loadSandboxSecret(db)));
    }
    case 'cashfree':
    case 'razorpay':
      throw new Error(
        `PAYMENT_PROVIDER=${config.PAYMENT_PROVIDER} is not available in this version yet; use sandbox.`,
      );
  }
}
