/**
 * `npm run bench`: runs every `*.bench.ts` in this folder one after another (they measure the
 * same machine, so never in parallel). Each benchmark prints its own table and writes
 * `results/<name>.json`. Pass names to run only some: `npm run bench -- alert-latency`.
 *
 * At the end it gathers every budget check this run wrote into one table, prints it, writes
 * `results/summary.md`, and — after a full run — puts that table in the README between the
 * `bench-table` markers, so the README always shows the latest complete run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { machineDescription, ratioToBaseline, type BenchmarkReport } from './lib/budgets.ts';

const benchDir = import.meta.dirname;
const resultsDir = path.join(benchDir, 'results');
const readmePath = path.join(benchDir, '..', 'README.md');
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

fs.mkdirSync(resultsDir, { recursive: true });
const startedAt = Date.now();
const failedBenchmarks: string[] = [];
for (const name of benchmarks) {
  console.log(`\n### ${name}`);
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, `${name}.bench.ts`)],
    { stdio: 'inherit', cwd: benchDir },
  );
  if (result.status !== 0) failedBenchmarks.push(name);
}
const minutes = (Date.now() - startedAt) / 60_000;

/** Reports written by this run (a benchmark may write more than one, e.g. one per backend). */
function reportsFromThisRun(): BenchmarkReport[] {
  return fs
    .readdirSync(resultsDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => path.join(resultsDir, file))
    .filter((file) => fs.statSync(file).mtimeMs >= startedAt)
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as BenchmarkReport)
    .filter((report) => Array.isArray(report.checks))
    .sort((a, b) => a.benchmark.localeCompare(b.benchmark));
}

function markdownTable(reports: BenchmarkReport[]): string {
  const machine = machineDescription();
  const escape = (text: string) => text.replaceAll('|', '\\|');
  const lines = [
    `Run on ${new Date().toISOString().slice(0, 10)}: ${String(machine.cpus)} × ${machine.cpu_model}, ${String(machine.memory_gib)} GiB, Node ${machine.node}, ${machine.platform}; ${minutes.toFixed(1)} minutes in all.`,
    '',
    '| benchmark | what | budget | measured | same-run baseline | ratio | met |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const report of reports) {
    for (const check of report.checks) {
      const ratio = ratioToBaseline(check);
      lines.push(
        [
          '',
          report.benchmark,
          escape(check.what),
          escape(check.budget),
          `${String(check.value)} ${check.unit}`,
          check.baseline
            ? `${String(check.baseline.value)} ${check.unit} (${escape(check.baseline.what)})`
            : '—',
          ratio === null ? '—' : `${String(ratio)}×`,
          check.met ? 'yes' : '**no**',
          '',
        ]
          .join(' | ')
          .trim(),
      );
    }
  }
  return lines.join('\n');
}

const reports = reportsFromThisRun();
const table = markdownTable(reports);
fs.writeFileSync(path.join(resultsDir, 'summary.md'), `${table}\n`);
console.log(`\n### summary\n${table}\n\nWrote results/summary.md.`);

const complete = only.length === 0 && failedBenchmarks.length === 0;
if (complete) {
  const readme = fs.readFileSync(readmePath, 'utf8');
  const marked = /(<!-- bench-table:start -->\n)[\s\S]*?(<!-- bench-table:end -->)/;
  if (marked.test(readme)) {
    fs.writeFileSync(
      readmePath,
      readme.replace(marked, (_all, start: string, end: string) => `${start}${table}\n${end}`),
    );
    console.log('Updated the README table.');
  }
}
if (failedBenchmarks.length > 0) console.error(`Failed: ${failedBenchmarks.join(', ')}`);
const missed = reports.flatMap((report) => report.checks).filter((check) => !check.met);
if (missed.length > 0) console.error(`${String(missed.length)} budget(s) missed.`);
process.exit(failedBenchmarks.length > 0 ? 1 : 0);
