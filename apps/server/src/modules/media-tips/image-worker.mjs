// Re-encodes one GIF or WebP to animated WebP, in its own process (media-transcode.ts forks
// it per file, with a heap limit and a time-out): a decoder bug or a bomb takes this process
// down, never the server. Plain JavaScript, so it runs without the TypeScript loader.
import sharp from 'sharp';

sharp.cache(false);
sharp.concurrency(1);

/** Browsers show a GIF frame delay of 0–10 ms as 100 ms; so do we when timing it. */
const frameDelay = (ms) => (ms > 10 ? ms : 100);

process.once('message', async (job) => {
  // The parent kills this process once it has the answer.
  const reply = (answer) => process.send(answer);
  try {
    const options = { animated: true, limitInputPixels: job.maxTotalPixels, failOn: 'error' };
    const meta = await sharp(job.input, options).metadata();
    const pages = meta.pages ?? 1;
    const pageHeight = meta.pageHeight ?? meta.height ?? 0;
    const width = meta.width ?? 0;
    if (
      pages > job.maxFrames ||
      width > job.maxSide ||
      pageHeight > job.maxSide ||
      width * pageHeight * pages > job.maxTotalPixels
    ) {
      return reply({ error: 'too_big' });
    }
    const delays = Array.isArray(meta.delay) ? meta.delay : [];
    const durationMs =
      pages > 1 ? delays.slice(0, pages).reduce((sum, ms) => sum + frameDelay(ms), 0) : 0;
    if (durationMs > job.maxDurationMs) return reply({ error: 'too_long', durationMs });
    const info = await sharp(job.input, options)
      .resize({
        width: job.outputSide,
        height: job.outputSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75, effort: 2, loop: 0 })
      .toFile(job.output);
    reply({ ok: true, width: info.width, height: info.height, durationMs, frames: pages });
  } catch (error) {
    reply({ error: 'undecodable', detail: String(error?.message ?? error).slice(0, 200) });
  }
});
