import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { voiceUploads } from '../../src/db/schema.ts';
import { startFakeS3 } from '../../src/storage/fake-s3-server.test-helper.ts';
import { startHoldingProxy } from '../holding-proxy.ts';
import {
  cleanUpLater,
  crash,
  eventually,
  newServerData,
  SCENARIO_TIMEOUT_MS,
  startServer,
  uploadVoice,
} from './crash-harness.ts';

/**
 * Crash during a voice upload, with voice files on S3: the recording has reached the bucket but
 * the server dies before it has answered the fan. The fan never got an upload id, so no order
 * can ever claim that file; it must still be found and deleted by the clean-up, not left in the
 * bucket for ever. The fan's next recording must be kept.
 */
describe('crash during a voice upload', () => {
  it(
    'leaves no orphaned file in storage when the server dies after storing a recording',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      const s3 = await startFakeS3();
      cleanUpLater(() => s3.close());
      // The server reaches the bucket through a proxy that can hold S3's answer.
      const proxy = await startHoldingProxy(s3.url);
      cleanUpLater(() => proxy.close());
      const data = await newServerData();
      const env = {
        S3_ENDPOINT: proxy.url,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      };

      let server = await startServer(data, env);
      const stored = proxy.holdAnswerOfNext((request) => request.method === 'PUT');
      const firstUpload = uploadVoice(server.url).catch(() => null);
      await stored; // the recording is in the bucket; the server waits for S3's answer
      await crash(server);
      expect(await firstUpload).toBeNull(); // the fan saw the upload fail
      expect(s3.objects.size).toBe(1);

      // A day passes before the server is back (so the recording is past its 24 h).
      await data.withDatabase((db) =>
        db.update(voiceUploads).set({ createdAt: sql`now() - interval '25 hours'` }),
      );

      // Restart: the fan records again; the clean-up at start-up removes the lost recording.
      server = await startServer(data, env);
      const retried = await uploadVoice(server.url);
      await eventually(() => s3.objects.size === 1, 'the lost recording to be deleted');
      expect(await server.stop('SIGTERM')).toBe(0);

      await data.withDatabase(async (db) => {
        const rows = await db.select().from(voiceUploads);
        expect(rows.map((row) => row.id)).toEqual([retried]);
        expect([...s3.objects.keys()]).toEqual([rows[0]?.storageKey]);
      });
    },
  );
});
