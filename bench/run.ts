/**
 * `npm run bench`: runs every `*.bench.ts` in this folder one after another (they measure the
 * same machine, so never in parallel), but for the few run only when named. Each benchmark
 * prints its own table and writes `results/<name>.json`. Pass names to run only some:
 * `npm run bench -- alert-latency`.
 *
 * At the end it gathers the budget checks of every benchmark's latest report into one table,
 * prints it, writes `results/summary.md` and puts it in the README between the `bench-table`
 * markers, so the README always shows the latest figures, each dated with its machine load.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { machineDescription, ratioToBaseline, type BenchmarkReport } from './lib/budgets.ts';
import {
  SHARED_WEB_SERVER_ENV,
  startBenchWebServer,
  type BenchWebServer,
} from './lib/chromium-web-server.ts';

const benchDir = import.meta.dirname;
const resultsDir = path.join(benchDir, 'results');
const readmePath = path.join(benchDir, '..', 'README.md');
const only = process.argv.slice(2);
/**
 * Run only when named: the leaderboard (issue 11) and analytics (issue 28) benchmarks seed a
 * million donations first, which alone takes longer than a minute and a half.
 */
const ONLY_WHEN_NAMED = new Set(['leaderboard', 'analytics']);
const benchmarks = fs
  .readdirSync(benchDir)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .filter((name) => (only.length === 0 ? !ONLY_WHEN_NAMED.has(name) : only.includes(name)))
  .sort();

if (benchmarks.length === 0) {
  console.log(only.length > 0 ? `No benchmark named ${only.join(', ')}.` : 'No benchmarks found.');
  process.exit(only.length > 0 ? 1 : 0);
}

fs.mkdirSync(resultsDir, { recursive: true });
const startedAt = Date.now();
const failedBenchmarks: string[] = [];
/** Seconds each benchmark took, so a run over its time shows where the time went. */
const durations: string[] = [];
/**
 * The browser benchmarks open the built web app, which a fresh clone builds first, on one
 * server started for both of them; they run first, so it is gone before the others measure.
 */
const BROWSER_BENCHMARKS = new Set(['lighthouse', 'page-weight']);
const ordered = [
  ...benchmarks.filter((name) => BROWSER_BENCHMARKS.has(name)),
  ...benchmarks.filter((name) => !BROWSER_BENCHMARKS.has(name)),
];
let webServer: BenchWebServer | undefined;
if (benchmarks.some((name) => BROWSER_BENCHMARKS.has(name))) {
  console.log("\n### web build (what is stale) and the browser benchmarks' server");
  const buildStartedAt = Date.now();
  try {
    webServer = await startBenchWebServer();
  } catch (error) {
    console.error(error);
    failedBenchmarks.push('web build and server');
  }
  durations.push(
    `web build and server ${String(Math.round((Date.now() - buildStartedAt) / 1000))} s`,
  );
}
for (const name of ordered) {
  if (webServer && !BROWSER_BENCHMARKS.has(name)) {
    await webServer.stop();
    webServer = undefined;
  }
  console.log(`\n### ${name}`);
  const benchmarkStartedAt = Date.now();
  // Waited for without blocking: the shared server's output is read by this process meanwhile.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, `${name}.bench.ts`)],
    {
      stdio: 'inherit',
      cwd: benchDir,
      env: webServer ? { ...process.env, [SHARED_WEB_SERVER_ENV]: webServer.url } : process.env,
    },
  );
  const [exitCode] = (await once(child, 'exit')) as [number | null];
  if (exitCode !== 0) failedBenchmarks.push(name);
  durations.push(`${name} ${String(Math.round((Date.now() - benchmarkStartedAt) / 1000))} s`);
}
await webServer?.stop();
const minutes = (Date.now() - startedAt) / 60_000;

type StoredReport = BenchmarkReport & {
  generated_at: string;
  machine: ReturnType<typeof machineDescription>;
};

/** The latest report of every benchmark (a benchmark may write more than one, e.g. per backend). */
function latestReports(): StoredReport[] {
  return fs
    .readdirSync(resultsDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(fs.readFileSync(path.join(resultsDir, file), 'utf8')) as StoredReport)
    .filter((report) => Array.isArray(report.checks))
    .sort((a, b) => a.benchmark.localeCompare(b.benchmark));
}

function markdownTable(reports: StoredReport[]): string {
  const machine = machineDescription();
  const escape = (text: string) => text.replaceAll('|', '\\|');
  const lines = [
    `Machine: ${String(machine.cpus)} × ${machine.cpu_model}, ${String(machine.memory_gib)} GiB, Node ${machine.node}, ${machine.platform}. Each benchmark's latest run, with the 1-minute load average when it finished (these cores are shared):`,
    '',
    ...reports.map(
      (report) =>
        `- ${report.benchmark}: ${report.generated_at.slice(0, 16).replace('T', ' ')} UTC, load ${String(report.machine.load_average_1m ?? 'unknown')}`,
    ),
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
          check.value === null ? 'not measured' : `${String(check.value)} ${check.unit}`,
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

const reports = latestReports();
const table = markdownTable(reports);
fs.writeFileSync(path.join(resultsDir, 'summary.md'), `${table}\n`);
console.log(
  `\n### summary (${minutes.toFixed(1)} minutes: ${durations.join(', ')})\n${table}\n\nWrote results/summary.md.`,
);

const readme = fs.readFileSync(readmePath, 'utf8');
const marked = /(<!-- bench-table:start -->\n)[\s\S]*?(<!-- bench-table:end -->)/;
if (marked.test(readme)) {
  fs.writeFileSync(
    readmePath,
    readme.replace(marked, (_all, start: string, end: string) => `${start}${table}\n${end}`),
  );
  console.log('Updated the README table.');
}
const missed = reports.flatMap((report) => report.checks).filter((check) => !check.met);
if (missed.length > 0) console.error(`${String(missed.length)} budget(s) missed.`);
if (failedBenchmarks.length > 0) console.error(`Failed: ${failedBenchmarks.join(', ')}`);
process.exit(failedBenchmarks.length > 0 ? 1 : 0);
