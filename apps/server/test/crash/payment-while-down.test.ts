import fs from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { donations, voiceUploads } from '../../src/db/schema.ts';
import { generateObsToken } from '../../src/modules/overlays/obs-tokens.service.ts';
import { audioFixture } from '../../src/modules/uploads/voice-upload.test-helper.ts';
import { buildStreamer } from '../factories.ts';
import { cashfreeEnv, startFakeCashfree } from '../fakes/fake-cashfree.ts';
import { watchOverlay } from '../overlay-watcher.ts';
import {
  alertRowsOf,
  cleanUpLater,
  crash,
  donationsByOrder,
  eventually,
  freshOverlayReplays,
  newServerData,
  orderStatus,
  placeOrder,
  SCENARIO_TIMEOUT_MS,
  startServer,
  uploadVoice,
  VOICE_FILE,
} from './crash-harness.ts';

const HOUR_MS = 3_600_000;

/**
 * Crash between order creation and the webhook: the fan pays at the gateway while our server
 * is dead, so the webhook never arrives. After the restart the reconciler must settle the
 * order, the tip must alert exactly once with the fan's recording, and the voice clean-up must
 * keep a recording whose order can still be paid and delete one whose order failed.
 */
describe('crash between order and webhook', () => {
  it(
    'settles paid orders by the reconciler after a restart, alerts each once, keeps paid voices and cleans up the unpaid one',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      const cashfree = await startFakeCashfree();
      cleanUpLater(() => cashfree.close());
      const data = await newServerData();
      const slug = 'voicy';
      const token = await data.withDatabase(async (db) => {
        const streamer = await buildStreamer(db, { slug, moderationMode: 'auto' });
        return (await generateObsToken(db, streamer.id)).token;
      });
      const env = cashfreeEnv(cashfree);

      // 1. Three voice tips are ordered. The fan pays the first at Cashfree; the server dies
      //    before Cashfree's webhook reaches it.
      let server = await startServer(data, env);
      const uploads: string[] = [];
      const orders: string[] = [];
      for (const index of [0, 1, 2]) {
        const uploadId = await uploadVoice(server.url);
        uploads.push(uploadId);
        orders.push(
          await placeOrder(server.url, slug, {
            name: `Voice ${index + 1}`,
            type: 'voice',
            message: '',
            voice_upload_id: uploadId,
            amount_paise: 5100 + index * 100,
          }),
        );
      }
      const [paidOrder, latePaidOrder, unpaidOrder] = orders as [string, string, string];
      cashfree.pay(paidOrder);
      await crash(server);

      // 2. While the server is down, time passes: the second recording was made 25 h ago and
      //    its order placed 23 h ago (still payable), and the fan pays it now; the third order
      //    is 25 h old and never paid. Every pending order is due its provider look-up.
      const { donationIds, storageKeys } = await data.withDatabase(async (db) => {
        const before = await donationsByOrder(db, orders);
        expect(orders.map((orderId) => before.get(orderId)?.paymentStatus)).toEqual([
          'pending',
          'pending',
          'pending',
        ]);
        await ageVoiceTip(db, latePaidOrder, { uploadHoursAgo: 25, orderHoursAgo: 23 });
        await ageVoiceTip(db, unpaidOrder, { uploadHoursAgo: 26, orderHoursAgo: 25 });
        await db
          .update(donations)
          .set({ nextCheckAt: sql`now()` })
          .where(inArray(donations.orderId, orders));
        const files = await db.select().from(voiceUploads).where(inArray(voiceUploads.id, uploads));
        return {
          donationIds: orders.map((orderId) => before.get(orderId)?.id ?? ''),
          storageKeys: new Map(files.map((row) => [row.id, row.storageKey])),
        };
      });
      cashfree.pay(latePaidOrder);
      const [paidId, latePaidId, unpaidId] = donationIds as [string, string, string];

      // 3. Restart: the voice clean-up runs at once and must keep every recording whose order
      //    can still be paid; the reconciler asks Cashfree about all three orders.
      server = await startServer(data, env);
      const overlay = watchOverlay(slug, token);
      cleanUpLater(async () => overlay.close());
      await overlay.connect(server.url);
      for (const donationId of [paidId, latePaidId]) {
        const alert = await overlay.play(donationId);
        expect(alert.donation).toMatchObject({ type: 'voice', voice_url: expect.any(String) });
        // The fan's own recording is the donation's voice message, served after the crash.
        const voice = await fetch(`${server.url}${alert.donation.voice_url ?? ''}`);
        expect(voice.status).toBe(200);
        expect(Buffer.from(await voice.arrayBuffer()).equals(audioFixture(VOICE_FILE))).toBe(true);
      }
      await eventually(
        async () => (await orderStatus(server.url, unpaidOrder)) === 'failed',
        'the day-old unpaid order to fail',
      );
      await crash(server);

      // 4. Another crash and restart: the clean-up at start-up now deletes the recording of the
      //    failed order (row and file); nothing already played plays again.
      server = await startServer(data, env);
      const unpaidFile = path.join(
        data.dataDir,
        'uploads',
        storageKeys.get(uploads[2] ?? '') ?? '',
      );
      await eventually(() => !fs.existsSync(unpaidFile), 'the unpaid voice file to be deleted');
      await overlay.connect(server.url);
      expect(overlay.deliveries(paidId)).toHaveLength(1);
      expect(overlay.deliveries(latePaidId)).toHaveLength(1);
      expect(overlay.deliveries(unpaidId)).toHaveLength(0);
      expect(await freshOverlayReplays(server.url, slug, token)).toBe(0);
      expect(await server.stop('SIGTERM')).toBe(0);

      await data.withDatabase(async (db) => {
        const after = await donationsByOrder(db, orders);
        expect(orders.map((orderId) => after.get(orderId)?.paymentStatus)).toEqual([
          'success',
          'success',
          'failed',
        ]);
        const outbox = await alertRowsOf(db, donationIds);
        expect(outbox.map((row) => row.donationId).sort()).toEqual([paidId, latePaidId].sort());
        expect(outbox.every((row) => row.shownAt !== null)).toBe(true);
        // Each paid tip keeps its recording; the unpaid one is gone; no file without a row.
        const kept = await db.select().from(voiceUploads);
        expect(kept.map((row) => `${row.id}:${row.donationId}`).sort()).toEqual(
          [`${uploads[0]}:${paidId}`, `${uploads[1]}:${latePaidId}`].sort(),
        );
        const filesOnDisk = fs.readdirSync(path.join(data.dataDir, 'uploads', 'voice')).sort();
        expect(filesOnDisk).toEqual(kept.map((row) => path.basename(row.storageKey)).sort());
      });
    },
  );
});

/** Moves a voice tip's recording and order back in time, as if the server had been down long. */
async function ageVoiceTip(
  db: Database,
  orderId: string,
  ages: { uploadHoursAgo: number; orderHoursAgo: number },
) {
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR_MS);
  await db
    .update(donations)
    .set({ createdAt: hoursAgo(ages.orderHoursAgo) })
    .where(eq(donations.orderId, orderId));
  await db
    .update(voiceUploads)
    .set({ createdAt: hoursAgo(ages.uploadHoursAgo) })
    .where(eq(voiceUploads.orderId, orderId));
}
