import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { donations } from '../../db/schema.ts';
import { randomTestIp } from '../../../test/factories.ts';
import { orderRequest } from '../../../test/payments.ts';
import { FAN_COOKIE, newFanKey } from '../donations/fan-key.ts';

/** A fan as the server knows them: the private key their browser's cookie holds. */
export type Fan = { key: string; cookie: string };

export function newFan(): Fan {
  const key = newFanKey();
  return { key, cookie: `${FAN_COOKIE}=${key}` };
}

export type TipOptions = {
  fan: Fan;
  name?: string;
  amountPaise?: number;
  anonymous?: boolean;
  message?: string;
  /** What the fan does at the sandbox checkout; 'pending' leaves the order unpaid. */
  result?: 'paid' | 'failed' | 'pending';
  /** Moves the donation's creation time, to stand on a calendar boundary. */
  createdAt?: Date;
};

/**
 * A fan tips the way the donation page does: the order over HTTP with the fan's cookie, then
 * the sandbox checkout's choice, whose signed webhook settles it. Returns the donation row.
 */
export async function tip(app: FastifyInstance, slug: string, options: TipOptions) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/streamers/${slug}/orders`,
    headers: { cookie: options.fan.cookie },
    payload: orderRequest({
      name: options.name ?? 'Asha',
      amount_paise: options.amountPaise ?? 5100,
      message: options.message ?? 'Great stream!',
      ...(options.anonymous === undefined ? {} : { anonymous: options.anonymous }),
    }),
    remoteAddress: randomTestIp(),
  });
  if (response.statusCode !== 201) throw new Error(`order failed: ${response.body}`);
  const orderId = response.json<{ order_id: string }>().order_id;
  const result = options.result ?? 'paid';
  if (result !== 'pending') {
    const paid = await app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/complete`,
      payload: { result },
    });
    if (paid.statusCode !== 200) throw new Error(`checkout failed: ${paid.body}`);
  }
  const db = app.database.db;
  if (options.createdAt) {
    await db
      .update(donations)
      .set({ createdAt: options.createdAt })
      .where(eq(donations.orderId, orderId));
  }
  const [row] = await db.select().from(donations).where(eq(donations.orderId, orderId));
  if (!row) throw new Error('donation not found');
  return row;
}
