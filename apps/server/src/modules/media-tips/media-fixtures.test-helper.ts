import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { randomTestIp } from '../../../test/factories.ts';
import { multipartBody } from '../uploads/voice-upload.test-helper.ts';

/**
 * Media fixtures made in the test with code (sharp for images, ffmpeg for video), so no binary
 * is committed: small, valid files and the hostile ones built from them.
 */

/** An animated GIF of `frames` frames, `delayMs` each. */
export async function makeGif(
  options: { frames?: number; delayMs?: number; width?: number; height?: number } = {},
) {
  const { frames = 3, delayMs = 500, width = 64, height = 48 } = options;
  const colours = ['#e11d48', '#16a34a', '#2563eb', '#f59e0b'];
  const images = await Promise.all(
    Array.from({ length: frames }, (_, index) =>
      sharp({
        create: { width, height, channels: 4, background: colours[index % colours.length]! },
      })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(images, { join: { animated: true } })
    .gif({ delay: Array.from({ length: frames }, () => delayMs), loop: 0 })
    .toBuffer();
}

/** A video made by ffmpeg's test source: MP4/H.264 (+AAC) or WebM/VP8 (+Vorbis). */
export function makeVideo(
  format: 'mp4' | 'webm',
  options: { seconds?: number; size?: string; audio?: boolean } = {},
): Buffer {
  const { seconds = 2, size = '320x240', audio = true } = options;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-media-fixture-'));
  const out = path.join(dir, `clip.${format}`);
  try {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${size}:rate=10`,
      ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440'] : []),
      '-t',
      String(seconds),
      ...(format === 'mp4'
        ? [
            '-c:v',
            'libx264',
            '-preset',
            'ultrafast',
            '-pix_fmt',
            'yuv420p',
            ...(audio ? ['-c:a', 'aac'] : []),
          ]
        : ['-c:v', 'libvpx', '-b:v', '200k', ...(audio ? ['-c:a', 'libvorbis'] : [])]),
      '-metadata',
      'title=SECRET-METADATA',
      '-y',
      out,
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** POST /api/streamers/:slug/uploads/media from a fresh address. */
export function uploadMedia(
  app: FastifyInstance,
  slug: string,
  file: Buffer,
  options: { filename?: string; contentType?: string } = {},
) {
  const body = multipartBody(file, {
    filename: options.filename ?? 'tip.gif',
    contentType: options.contentType ?? 'image/gif',
  });
  return app.inject({
    method: 'POST',
    url: `/api/streamers/${slug}/uploads/media`,
    headers: { 'content-type': body.contentType },
    payload: body.payload,
    remoteAddress: randomTestIp(),
  });
}
