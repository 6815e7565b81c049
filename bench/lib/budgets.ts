import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One line of the README's benchmark table: a figure measured in this run, the budget it must
 * meet (issue 12), and the baseline measured in the same run beside it. Machines here are shared
 * and noisy, so the ratio to the same-run baseline is what makes two runs comparable.
 */
export type BudgetCheck = {
  /** What was measured, e.g. "alert latency p99, 1,000 overlays, 100 donations/s". */
  what: string;
  /** The budget as the issue states it, e.g. "≤ 50 ms". */
  budget: string;
  /** Null when the case could not be measured in this run (e.g. it ran out of time): not met. */
  value: number | null;
  unit: string;
  /** Whether `value` meets the budget (the benchmark decides, with the budget's own rule). */
  met: boolean;
  /** The same-run floor this figure is compared with; null where the issue names none. */
  baseline: { what: string; value: number } | null;
};

export type BenchmarkReport = {
  benchmark: string;
  description: string;
  checks: BudgetCheck[];
  /** Everything else the benchmark measured, in its own shape. */
  details: unknown;
};

/** `value / baseline` rounded to 0.01, or null without a usable baseline. */
export function ratioToBaseline(check: BudgetCheck): number | null {
  if (check.value === null || !check.baseline || !(check.baseline.value > 0)) return null;
  return Math.round((check.value / check.baseline.value) * 100) / 100;
}

export function machineDescription() {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpus: cpus.length,
    cpu_model: cpus[0]?.model ?? 'unknown',
    memory_gib: Math.round(os.totalmem() / 2 ** 30),
    // These machines are shared: the load when the report was written says how quiet it was.
    load_average_1m: Math.round(os.loadavg()[0]! * 100) / 100,
    platform: `${os.platform()} ${os.release()}`,
  };
}

/** Prints the checks as a table and writes `results/<benchmark>.json`. */
export function writeReport(report: BenchmarkReport): void {
  console.table(
    report.checks.map((check) => ({
      what: check.what,
      budget: check.budget,
      measured: check.value === null ? 'not measured' : `${check.value} ${check.unit}`,
      baseline: check.baseline ? `${check.baseline.value} ${check.unit}` : '—',
      ratio: ratioToBaseline(check) ?? '—',
      met: check.met ? 'yes' : 'NO',
    })),
  );
  const resultsDir = path.join(import.meta.dirname, '..', 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, `${report.benchmark}.json`),
    `${JSON.stringify(
      { ...report, generated_at: new Date().toISOString(), machine: machineDescription() },
      null,
      2,
    )}\n`,
  );
}
