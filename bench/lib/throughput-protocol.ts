/** Messages between throughput.bench.ts and its server process (throughput-server.ts). */

/** The admin the server process seeds; the benchmark logs in with it to make an OBS token. */
export const THROUGHPUT_ADMIN = { email: 'admin@shabaash.local', password: 'bench-admin-password' };

/** A webhook exactly as the sandbox gateway would send it. */
export type SignedWebhook = { headers: Record<string, string>; body: string };

/** The streamer every donation of the run goes to (seeded with auto-approve moderation). */
export const THROUGHPUT_STREAMER = 'techgamer';

export type ThroughputServerReady = { type: 'ready'; url: string; poolSize: number };

export type ThroughputRequest =
  /** The gateway's side: these orders were paid; answer with the webhooks it would send. */
  | { type: 'settle'; requestId: number; orderIds: string[] }
  /** Count what the database holds, to check nothing was lost or doubled. */
  | { type: 'verify'; requestId: number }
  /** The database floor: `rows` plain inserts, `concurrency` at a time, within `limitMs`. */
  | { type: 'baseline'; requestId: number; rows: number; concurrency: number; limitMs: number }
  /** The server process's CPU time so far (user and system, microseconds). */
  | { type: 'cpu'; requestId: number }
  | { type: 'stop' };

export type SettleResult = { webhooks: { orderId: string; webhook: SignedWebhook }[] };

export type VerifyResult = {
  /** Orders the gateway's ledger says were paid, and their sum. */
  paidOrders: number;
  paidOrdersPaise: number;
  /** Donations whose payment succeeded, and their sum. */
  successfulDonations: number;
  successfulDonationsPaise: number;
  /** Paid orders without exactly one successful donation (lost or doubled). */
  paidOrdersWithoutOneDonation: number;
  /** Successful donations whose order the gateway does not call paid. */
  donationsWithoutPaidOrder: number;
  /** Orders with more than one recorded payment event (each webhook was sent once). */
  ordersWithRepeatedEvents: number;
  /** Successful, auto-approved donations and the alerts the outbox holds for them. */
  autoApprovedDonations: number;
  donationAlerts: number;
  /** Donations with more than one alert. */
  donationsWithRepeatedAlerts: number;
};

export type CpuResult = {
  user: number;
  system: number;
  /** Statements the server process has sent to PostgreSQL (0 on PGlite). */
  postgresRoundTrips: number;
};

export type BaselineResult = { rows: number; seconds: number; insertsPerSecond: number };

export type ThroughputResponse =
  | { requestId: number; result: SettleResult | VerifyResult | BaselineResult | CpuResult }
  | { requestId: number; error: string };
