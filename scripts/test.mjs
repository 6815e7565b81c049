// `npm test`: typecheck, lint, build the web app, then every vitest project (unit, server on
// each database backend, browser). Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');

function step(title, command, args) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${title} failed.`);
    process.exit(result.status ?? 1);
  }
}

step('Typecheck', 'npm', ['run', 'typecheck']);
step('Lint', 'npm', ['run', 'lint']);
console.log('\n=== Web build ===');
if (!buildWebIfStale()) console.log('Web build is up to date.');

if (!process.env.TEST_DATABASE_URL) {
  console.log('\nTEST_DATABASE_URL is not set: database tests run on PGlite only.');
}
const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-test-')), 'report.json');
console.log('\n=== Tests ===');
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { cwd: root, stdio: 'inherit' },
);
if (fs.existsSync(report)) {
  const summary = JSON.parse(fs.readFileSync(report, 'utf8'));
  const skipped = summary.numPendingTests + summary.numTodoTests;
  console.log(
    `\ntests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`,
  );
}
process.exit(run.status ?? 1);
