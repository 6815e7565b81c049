// Writes a gzip (.gz) and a Brotli (.br) copy beside every text file of the web build, so the
// server sends compressed bytes without compressing per request (@fastify/static's
// `preCompressed`). Runs at the end of `npm run build`; a copy that would not be smaller is
// skipped, and the server then sends the file as it is.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.map']);

/** Compresses every compressible file under `dir`; returns how many files it compressed. */
export function precompressDirectory(dir) {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    const gzip = zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION });
    const brotli = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
    if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
    count += 1;
  }
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '../build/client'));
  console.log(`Pre-compressed ${precompressDirectory(dir)} files in ${dir}.`);
}
