import { eq } from 'drizzle-orm';
import { donations, paymentEvents } from '../../src/db/schema.ts';
import { createPaymentProvider } from '../../src/modules/payments/payment-providers.ts';
import type { ProviderHttpTuning } from '../../src/modules/payments/providers/provider-http.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

/** Short back-off so outage cases finish fast; a time-out generous enough for a busy machine. */
export const TEST_PROVIDER_HTTP: ProviderHttpTuning = {
  timeoutMs: 3_000,
  attempts: 3,
  backoffMs: 10,
};

/** For the cases about a gateway that does not answer: they end in about a second. */
export const SHORT_TIMEOUT_HTTP: Partial<ProviderHttpTuning> = { timeoutMs: 250 };

export type GatewayTestApp = TestApp & {
  /** Where the fake gateway posts its webhooks (the app listens on a random local port). */
  webhookUrl: string;
  donationFor(orderId: string): Promise<typeof donations.$inferSelect | undefined>;
  eventsFor(orderId: string): Promise<Array<typeof paymentEvents.$inferSelect>>;
  countDonations(): Promise<number>;
  /** Makes a pending order due for the reconciler now. */
  dueNow(orderId: string): Promise<void>;
  /** Rebuilds the app's provider with other time-outs (TEST_PROVIDER_HTTP plus `tuning`). */
  setProviderHttp(tuning?: Partial<ProviderHttpTuning>): void;
};

/**
 * The real application configured for a real gateway (pointed at a fake by the env), listening
 * on 127.0.0.1 so webhooks arrive over HTTP as they would from the gateway.
 */
export async function createGatewayTestApp(env: Record<string, string>): Promise<GatewayTestApp> {
  const testApp = await createTestApp(env);
  const { app, database, config } = testApp;
  const setProviderHttp = (tuning: Partial<ProviderHttpTuning> = {}) => {
    app.payments.provider = createPaymentProvider(config, database.db, {
      http: { ...TEST_PROVIDER_HTTP, ...tuning },
    });
  };
  setProviderHttp();
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const db = database.db;
  return {
    ...testApp,
    webhookUrl: `${origin}/api/payments/webhooks/${config.PAYMENT_PROVIDER}`,
    donationFor: async (orderId) => {
      const [row] = await db.select().from(donations).where(eq(donations.orderId, orderId));
      return row;
    },
    eventsFor: (orderId) =>
      db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)),
    countDonations: async () => (await db.select({ id: donations.id }).from(donations)).length,
    dueNow: async (orderId) => {
      await db
        .update(donations)
        .set({ nextCheckAt: new Date(Date.now() - 1000) })
        .where(eq(donations.orderId, orderId));
    },
    setProviderHttp,
  };
}
