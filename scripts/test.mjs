// `npm test`: typecheck, lint and build the web app side by side (each mostly uses one core),
// then every vitest project (unit, server on each database backend, browser). Stops when a
// step fails.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** Runs a command with its output held back, then prints it whole under its title. */
function step(title, command, args) {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
      console.log(`\n=== ${title} (${seconds} s) ===`);
      process.stdout.write(Buffer.concat(output));
      if (code !== 0) console.error(`\n${title} failed.`);
      resolve(code === 0);
    });
  });
}

const checks = await Promise.all([
  step('Typecheck', 'npm', ['run', 'typecheck']),
  step('Lint', 'npm', ['run', 'lint']),
  step('Web build', 'node', ['scripts/web-build.mjs']),
]);
if (checks.includes(false)) process.exit(1);

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
