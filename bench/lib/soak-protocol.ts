/** Messages between soak.ts and its server process (soak-server.ts), over IPC. */

/** The admin the server process seeds; the soak signs in with it to moderate and make tokens. */
export const SOAK_ADMIN = { email: 'admin@shabaash.local', password: 'soak-admin-password' };

/** What a fan does at the sandbox gateway's checkout. */
export type GatewayChoice = 'paid' | 'failed' | 'cancelled';

/** A webhook exactly as the gateway would POST it: signed over these very bytes. */
export type SignedWebhook = { headers: Record<string, string>; body: string };

export type SoakServerReady = { type: 'ready'; url: string };

export type SoakRequest =
  { type: 'gateway'; requestId: number; orderId: string; choice: GatewayChoice } | { type: 'stop' };

/**
 * The gateway's answer: `recorded` is false when it refused the choice (order unknown or already
 * paid); `webhook` is the signed event it would send, which the soak delivers itself.
 */
export type SoakResponse =
  | { requestId: number; recorded: boolean; webhook: SignedWebhook | null }
  | { requestId: number; error: string };
