// `npm test`: typecheck, lint (code and format), the web build, and the unit and server tests
// (on each database backend) side by side, then the browser tests. Fails when a step fails.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const startedAt = Date.now();

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

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: database tests run on PGlite only.');
}
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-test-'));

// The checks and the unit and server tests start together: ESLint and Prettier use one core
// each and the build waits on its disk at times, so alone the checks leave about a third of
// the machine idle for a minute. The browser tests need the build, so they come after both.
console.log('=== Checks, unit and server tests ===');
const [checks, serverTests] = await Promise.all([
  Promise.all([
    step('Typecheck', 'npm', ['run', 'typecheck']),
    // `npm run lint` is these two in turn; apart, each takes a core while the other is free.
    step('Lint: code', 'npm', ['run', 'lint:code']),
    step('Lint: format', 'npm', ['run', 'lint:format']),
    step('Web build', 'node', ['scripts/web-build.mjs']),
  ]),
  vitest('server', ['--project', 'unit', '--project', 'server:*']),
]);
let passed = !checks.includes(false) && serverTests;
if (passed) {
  console.log('\n=== Browser tests ===');
  passed = await vitest('browser', ['--project', 'e2e']);
}
reportTotals();
reportCpuFloor();
process.exit(passed ? 0 : 1);

/** Runs the named vitest projects, printing as they go; resolves to whether all passed. */
function vitest(name, projectArgs) {
  const report = path.join(reportDir, `${name}.json`);
  const args = ['vitest', 'run', ...projectArgs, '--reporter=default', '--reporter=json'];
  return new Promise((resolve) => {
    const child = spawn('npx', [...args, `--outputFile.json=${report}`], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('close', (code) => resolve(code === 0));
  });
}

/** The tests counted over every vitest run's report. */
function reportTotals() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const file of fs.readdirSync(reportDir)) {
    const summary = JSON.parse(fs.readFileSync(path.join(reportDir, file), 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests + summary.numTodoTests;
  }
  console.log(
    `\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
  );
}

/**
 * The run's floor on this machine: the CPU time every finished child process used (checks,
 * build, tests, the browser and the servers they started), divided by the cores. No schedule of
 * the same work can end sooner, so a wall time near it means the work itself, not waiting, is
 * what is left to cut (issue 18). Linux only: read from /proc/self/stat (cutime and cstime).
 */
function reportCpuFloor() {
  let cpuSeconds;
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticksPerSecond = Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim());
    // After the state (field 3): cutime is field 16 and cstime field 17 of proc(5).
    cpuSeconds = (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    return;
  }
  const cores = os.availableParallelism();
  const wallSeconds = (Date.now() - startedAt) / 1000;
  console.log(
    `time: ${wallSeconds.toFixed(0)} s on ${cores} cores; the child processes used ` +
      `${cpuSeconds.toFixed(0)} s of CPU, so no run of this work here ends before ` +
      `${(cpuSeconds / cores).toFixed(0)} s`,
  );
}
