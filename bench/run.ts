/**
 * `npm run bench`: runs every `*.bench.ts` in this folder one after another (they measure the
 * same machine, so never in parallel). Each benchmark prints its own table and writes
 * `results/<name>.json`. Pass names to run only some: `npm run bench -- alert-latency`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const benchDir = import.meta.dirname;
const only = process.argv.slice(2);
const benchmarks = fs
  .readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .filter((name) => only.length === 0 || only.includes(name))
  .sort();

if (benchmarks.length === 0) {
  console.log(only.length > 0 ? `No benchmark named ${only.join(', ')}.` : 'No benchmarks found.');
  process.exit(only.length > 0 ? 1 : 0);
}

fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
let failed = 0;
for (const name of benchmarks) {
  console.log(`\n### ${name}`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, `${name}.bench.ts`)],
    {
      stdio: 'inherit',
      cwd: benchDir,
    },
  );
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
