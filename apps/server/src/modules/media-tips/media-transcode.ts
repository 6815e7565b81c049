import { fork, spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MEDIA_TIP_LIMITS, type MediaTipKind } from '@shabaash/core';

/**
 * Re-encoding of media tips (issue 26): every accepted file becomes a fixed output, in a child
 * process with a time-out and a memory limit, and only that output is ever stored or served.
 * GIF/WebP → animated WebP (sharp, in image-worker.mjs); MP4/WebM → MP4/H.264 ≤ 720p (ffmpeg).
 * ffmpeg only ever reads the one file, with a forced input format and `-protocol_whitelist
 * file`, so a playlist or a concat list inside a file can make it open nothing else.
 */

export type TranscodeLimits = {
  maxDurationMs: number;
  allowAudio: boolean;
  timeoutMs: number;
};

export type TranscodeResult = {
  kind: MediaTipKind;
  contentType: 'image/webp' | 'video/mp4';
  extension: 'webp' | 'mp4';
  durationMs: number;
  hasAudio: boolean;
};

/** Why a file was refused; the service turns these into the fan's words. */
export class MediaRefusal extends Error {
  constructor(readonly reason: 'unsupported' | 'too_long' | 'too_short' | 'too_big' | 'failed') {
    super(reason);
  }
}

/** Frames, sides and pixels past which a file is a bomb, not a reaction GIF. */
const IMAGE_BOUNDS = {
  maxFrames: 600,
  maxSide: 4096,
  /** All frames together: 480×270 for 300 frames is 39 M. Decoding takes 4 bytes a pixel. */
  maxTotalPixels: 60_000_000,
  outputSide: 720,
};
/** The image worker's JavaScript heap; sharp's decode buffers are bounded by the pixel limit. */
const IMAGE_WORKER_HEAP_MB = 128;
/** ffmpeg's address space (prlimit --as): far above what a 720p H.264 encode needs. */
const FFMPEG_MEMORY_BYTES = 1536 * 1024 * 1024;
const VIDEO_MAX_SIDE = 4096;
/** A still image (one frame) shows for this long. */
const STILL_IMAGE_MS = 5_000;

const IMAGE_WORKER = fileURLToPath(new URL('./image-worker.mjs', import.meta.url));

/** GIF or WebP → animated WebP, in a forked worker that is killed at the time-out. */
export function transcodeImage(
  input: string,
  output: string,
  limits: TranscodeLimits,
): Promise<TranscodeResult> {
  return new Promise((resolve, reject) => {
    const child = fork(IMAGE_WORKER, [], {
      execArgv: [`--max-old-space-size=${IMAGE_WORKER_HEAP_MB}`],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    let settled = false;
    const finish = (error: Error | null, result?: TranscodeResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(result!);
    };
    const timer = setTimeout(() => finish(new MediaRefusal('too_big')), limits.timeoutMs);
    child.once('message', (raw) => {
      const answer = raw as { ok?: boolean; error?: string; durationMs?: number; frames?: number };
      if (!answer.ok) {
        const reason =
          answer.error === 'too_long' || answer.error === 'too_big' ? answer.error : 'unsupported';
        finish(new MediaRefusal(reason));
        return;
      }
      const isStill = (answer.frames ?? 1) <= 1;
      finish(null, {
        kind: 'image',
        contentType: 'image/webp',
        extension: 'webp',
        durationMs: isStill
          ? Math.min(STILL_IMAGE_MS, limits.maxDurationMs)
          : (answer.durationMs ?? 0),
        hasAudio: false,
      });
    });
    child.once('error', (error) => finish(error));
    child.once('exit', () => finish(new MediaRefusal('failed')));
    child.send({
      input,
      output,
      maxDurationMs: limits.maxDurationMs + MEDIA_TIP_LIMITS.durationToleranceMs,
      ...IMAGE_BOUNDS,
    });
  });
}

export type Ffmpeg = { ffmpeg: string; ffprobe: string };

/** The ffmpeg and ffprobe this server runs, or null when either is missing (video tips off). */
export async function findFfmpeg(ffmpegPath: string): Promise<Ffmpeg | null> {
  const ffprobe = path.join(path.dirname(ffmpegPath), 'ffprobe');
  const isExecutable = (file: string) =>
    fsp.access(file, fsp.constants.X_OK).then(
      () => true,
      () => false,
    );
  return (await isExecutable(ffmpegPath)) && (await isExecutable(ffprobe))
    ? { ffmpeg: ffmpegPath, ffprobe }
    : null;
}

/** The demuxer each sniffed type is read with: never ffmpeg's guess. */
const DEMUXER = { mp4: 'mp4', webm: 'matroska' } as const;

/** Runs a tool under the memory limit (prlimit, when present) with a time-out. */
async function run(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string }> {
  const hasPrlimit = await fsp.access('/usr/bin/prlimit').then(
    () => true,
    () => false,
  );
  const [file, argv] = hasPrlimit
    ? ['/usr/bin/prlimit', [`--as=${FFMPEG_MEMORY_BYTES}`, '--', command, ...args]]
    : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (stdout.length < 64 * 1024) stdout += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (signal === 'SIGKILL') reject(new MediaRefusal('too_big'));
      else resolve({ code, stdout });
    });
  });
}

type Probe = { durationMs: number; width: number; height: number; hasAudio: boolean };

/** ffprobe with the same restrictions as the encode: duration, size and streams. */
async function probeVideo(tools: Ffmpeg, input: string, format: 'mp4' | 'webm', timeoutMs: number) {
  const { code, stdout } = await run(
    tools.ffprobe,
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-f',
      DEMUXER[format],
      '-show_entries',
      'format=duration:stream=codec_type,width,height',
      '-of',
      'json',
      `file:${input}`,
    ],
    timeoutMs,
  );
  if (code !== 0) throw new MediaRefusal('unsupported');
  let parsed: {
    format?: { duration?: string };
    streams?: { codec_type?: string; width?: number; height?: number }[];
  };
  try {
    parsed = JSON.parse(stdout) as typeof parsed;
  } catch {
    throw new MediaRefusal('unsupported');
  }
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video');
  const seconds = Number(parsed.format?.duration);
  if (!video?.width || !video.height || !Number.isFinite(seconds)) {
    throw new MediaRefusal('unsupported');
  }
  return {
    durationMs: Math.round(seconds * 1000),
    width: video.width,
    height: video.height,
    hasAudio: parsed.streams?.some((stream) => stream.codec_type === 'audio') ?? false,
  } satisfies Probe;
}

/** MP4 or WebM → MP4/H.264 (AAC audio only when allowed), ≤ 720p, metadata stripped. */
export async function transcodeVideo(
  tools: Ffmpeg,
  input: string,
  output: string,
  format: 'mp4' | 'webm',
  limits: TranscodeLimits,
): Promise<TranscodeResult> {
  const probe = await probeVideo(tools, input, format, Math.min(limits.timeoutMs, 15_000));
  if (probe.width > VIDEO_MAX_SIDE || probe.height > VIDEO_MAX_SIDE) {
    throw new MediaRefusal('too_big');
  }
  if (probe.durationMs > limits.maxDurationMs + MEDIA_TIP_LIMITS.durationToleranceMs) {
    throw new MediaRefusal('too_long');
  }
  if (probe.durationMs < 100) throw new MediaRefusal('too_short');
  const keepAudio = limits.allowAudio && probe.hasAudio;
  const { maxOutputWidth: w, maxOutputHeight: h } = MEDIA_TIP_LIMITS;
  const { code } = await run(
    tools.ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-f',
      DEMUXER[format],
      '-i',
      `file:${input}`,
      '-t',
      (limits.maxDurationMs / 1000).toFixed(3),
      '-map',
      '0:v:0',
      ...(keepAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '96k', '-ac', '2'] : ['-an']),
      '-sn',
      '-dn',
      '-vf',
      `scale='min(${w},iw)':'min(${h},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
      '-fpsmax',
      '30',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '28',
      '-pix_fmt',
      'yuv420p',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-movflags',
      '+faststart',
      '-threads',
      '2',
      '-fs',
      String(MEDIA_TIP_LIMITS.maxBytes),
      '-f',
      'mp4',
      '-y',
      `file:${output}`,
    ],
    limits.timeoutMs,
  );
  if (code !== 0) throw new MediaRefusal('unsupported');
  return {
    kind: 'video',
    contentType: 'video/mp4',
    extension: 'mp4',
    durationMs: Math.min(probe.durationMs, limits.maxDurationMs),
    hasAudio: keepAudio,
  };
}
