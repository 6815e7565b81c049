// `node scripts/audit.mjs`: fails (exit 1) when a production dependency has a high or critical
// advisory according to `npm audit --omit=dev`. When the registry cannot answer (an offline
// machine, a mirror without the audit endpoint), it says loudly that no audit was done and
// exits 0: CI should not break on the network, but nobody may read that as "no advisories".
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const BLOCKING_SEVERITIES = ['high', 'critical'];

/**
 * What `npm audit --json` printed means for CI.
 * - `{ status: 'pass', counts }`: a real report without high or critical advisories;
 * - `{ status: 'fail', findings, counts }`: one finding per vulnerable package at those levels;
 * - `{ status: 'unavailable', reason }`: npm could not get a report, so nothing is known.
 */
export function decideAudit(stdout) {
  let report;
  try {
    report = JSON.parse(stdout);
  } catch {
    return {
      status: 'unavailable',
      reason: `npm audit printed no JSON report: ${excerpt(stdout)}`,
    };
  }
  if (!isAuditReport(report)) return { status: 'unavailable', reason: errorReason(report) };

  const findings = Object.values(report.vulnerabilities)
    .filter((vulnerability) => BLOCKING_SEVERITIES.includes(vulnerability.severity))
    .map((vulnerability) => ({
      name: vulnerability.name,
      severity: vulnerability.severity,
      advisories: (vulnerability.via ?? []).map((via) =>
        // A string names a vulnerable dependency this package pulls in; that one is listed too.
        typeof via === 'string'
          ? { title: `depends on a vulnerable version of ${via}`, url: null }
          : { title: via.title ?? 'untitled advisory', url: via.url ?? null },
      ),
    }));
  const counts = report.metadata?.vulnerabilities ?? {};
  return findings.length > 0 ? { status: 'fail', findings, counts } : { status: 'pass', counts };
}

/** npm 7+ report (auditReportVersion 2): a vulnerabilities object, keyed by package name. */
function isAuditReport(value) {
  return (
    typeof value === 'object' &&
    value !== null &&
    value.auditReportVersion === 2 &&
    typeof value.vulnerabilities === 'object' &&
    value.vulnerabilities !== null
  );
}

/** npm's JSON error shapes: the endpoint's answer ({ message, statusCode }) or its own error. */
function errorReason(value) {
  if (typeof value !== 'object' || value === null) return 'npm audit printed an unknown answer.';
  if (typeof value.message === 'string' && value.message) return value.message;
  const error = value.error;
  if (typeof error === 'object' && error !== null) {
    const parts = [error.code, error.summary, error.detail].filter(
      (part) => typeof part === 'string' && part,
    );
    if (parts.length > 0) return parts.join(': ');
  }
  return `npm audit printed an unknown answer: ${excerpt(JSON.stringify(value))}`;
}

function excerpt(text) {
  const oneLine = String(text).replace(/\s+/g, ' ').trim();
  return oneLine.length > 200 ? `${oneLine.slice(0, 200)}…` : oneLine || '(nothing)';
}

/** The lines to print for a decision. */
export function describeDecision(decision) {
  if (decision.status === 'unavailable') {
    return [
      'WARNING: the dependency audit could NOT be performed; advisories are unknown, not absent.',
      `  Reason: ${decision.reason}`,
      '  Run `npm audit --omit=dev` where the npm registry is reachable before releasing.',
    ];
  }
  const { counts } = decision;
  const tally = ['critical', 'high', 'moderate', 'low']
    .map((severity) => `${counts[severity] ?? 0} ${severity}`)
    .join(', ');
  if (decision.status === 'pass') {
    return [`npm audit --omit=dev: no high or critical advisories (${tally}).`];
  }
  return [
    `npm audit --omit=dev: high or critical advisories in production dependencies (${tally}):`,
    ...decision.findings.flatMap((finding) => [
      `  ${finding.name} (${finding.severity})`,
      ...finding.advisories.map(
        (advisory) => `    - ${advisory.title}${advisory.url ? ` ${advisory.url}` : ''}`,
      ),
    ]),
  ];
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  // npm's exit status only says "something at or above audit-level": the JSON decides.
  const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const decision = audit.error
    ? { status: 'unavailable', reason: `npm could not be run: ${audit.error.message}` }
    : decideAudit(audit.stdout);
  const lines = describeDecision(decision);
  (decision.status === 'pass' ? console.log : console.error)(lines.join('\n'));
  process.exitCode = decision.status === 'fail' ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
