import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decideAudit, describeDecision } from './audit.mjs';

// What `npm audit --omit=dev --json` prints with npm 11.
// Recorded on this project's CI machine (npm 11.19.1), whose registry mirror has no audit
// endpoint; npm exits 1 and prints this on stdout.
const ENDPOINT_405 = {
  message:
    '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  method: 'POST',
  uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
  headers: {
    allow: ['GET,HEAD'],
    date: ['Sun, 22 Nov 2026 01:53:28 GMT'],
    'content-length': ['0'],
    'x-fetch-attempts': ['1'],
  },
  statusCode: 405,
  body: '',
  error: { summary: '', detail: '' },
};

// npm's own failure before any request (here: no lockfile), in its JSON error shape.
const NO_LOCKFILE = {
  error: {
    code: 'ENOLOCK',
    summary: 'This command requires an existing lockfile.',
    detail: 'Try creating one first with: npm i --package-lock-only',
  },
};

// An auditReportVersion 2 report in the shape npm 11's arborist writes (AuditReport and Vuln
// toJSON in @npmcli/arborist): a critical advisory, a package that is high only through it, and
// a moderate one. The advisories are public GitHub ones; the counts and sources illustrate.
const WITH_ADVISORIES = {
  auditReportVersion: 2,
  vulnerabilities: {
    minimist: {
      name: 'minimist',
      severity: 'critical',
      isDirect: false,
      via: [
        {
          source: 1096465,
          name: 'minimist',
          dependency: 'minimist',
          title: 'Prototype Pollution in minimist',
          url: 'https://github.com/advisories/GHSA-xvch-5gv4-984h',
          severity: 'critical',
          cwe: ['CWE-1321'],
          cvss: { score: 9.8, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
          range: '<0.2.4',
        },
      ],
      effects: ['mkdirp'],
      range: '<0.2.4',
      nodes: ['node_modules/minimist'],
      fixAvailable: true,
    },
    mkdirp: {
      name: 'mkdirp',
      severity: 'high',
      isDirect: true,
      via: ['minimist'],
      effects: [],
      range: '0.4.1 - 0.5.1',
      nodes: ['node_modules/mkdirp'],
      fixAvailable: true,
    },
    vite: {
      name: 'vite',
      severity: 'moderate',
      isDirect: false,
      via: [
        {
          source: 1107324,
          name: 'vite',
          dependency: 'vite',
          title:
            'Vite middleware may serve files starting with the same name with the public directory',
          url: 'https://github.com/advisories/GHSA-g4jq-h2w9-997c',
          severity: 'moderate',
          cwe: ['CWE-22'],
          cvss: { score: 0, vectorString: null },
          range: '>=7.0.0 <=7.0.7',
        },
      ],
      effects: [],
      range: '7.0.0 - 7.0.7',
      nodes: ['node_modules/vite'],
      fixAvailable: true,
    },
  },
  metadata: {
    vulnerabilities: { info: 0, low: 0, moderate: 1, high: 1, critical: 1, total: 3 },
    dependencies: { prod: 120, dev: 0, optional: 4, peer: 0, peerOptional: 0, total: 124 },
  },
};

// Only low and moderate findings: reported in the tally, not a failure.
const ONLY_MODERATE = {
  ...WITH_ADVISORIES,
  vulnerabilities: { vite: WITH_ADVISORIES.vulnerabilities.vite },
  metadata: {
    ...WITH_ADVISORIES.metadata,
    vulnerabilities: { info: 0, low: 0, moderate: 1, high: 0, critical: 0, total: 1 },
  },
};

const CLEAN = {
  auditReportVersion: 2,
  vulnerabilities: {},
  metadata: {
    vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 },
    dependencies: { prod: 189, dev: 0, optional: 0, peer: 0, peerOptional: 0, total: 189 },
  },
};

const json = (value) => JSON.stringify(value, null, 2);

describe('npm audit decision', () => {
  it('fails on high and critical advisories, naming package, severity, title and link', () => {
    const decision = decideAudit(json(WITH_ADVISORIES));
    expect(decision.status).toBe('fail');
    expect(describeDecision(decision)).toEqual([
      'npm audit --omit=dev: high or critical advisories in production dependencies (1 critical, 1 high, 1 moderate, 0 low):',
      '  minimist (critical)',
      '    - Prototype Pollution in minimist https://github.com/advisories/GHSA-xvch-5gv4-984h',
      '  mkdirp (high)',
      '    - depends on a vulnerable version of minimist',
    ]);
  });

  it('passes a report with nothing above moderate', () => {
    expect(describeDecision(decideAudit(json(ONLY_MODERATE)))).toEqual([
      'npm audit --omit=dev: no high or critical advisories (0 critical, 0 high, 1 moderate, 0 low).',
    ]);
    expect(decideAudit(json(CLEAN)).status).toBe('pass');
  });

  it('never reads an audit that could not run as a clean one', () => {
    const refused = decideAudit(json(ENDPOINT_405));
    expect(refused).toEqual({
      status: 'unavailable',
      reason:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
    expect(describeDecision(refused)[0]).toMatch(/could NOT be performed/);
    expect(decideAudit(json(NO_LOCKFILE))).toEqual({
      status: 'unavailable',
      reason:
        'ENOLOCK: This command requires an existing lockfile.: Try creating one first with: npm i --package-lock-only',
    });
    expect(decideAudit('').status).toBe('unavailable');
    expect(decideAudit('npm error audit endpoint returned an error').status).toBe('unavailable');
    expect(decideAudit(json({ auditReportVersion: 1, advisories: {} })).status).toBe('unavailable');
  });
});

describe('scripts/audit.mjs', () => {
  const fakeBin = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-audit-'));
  afterAll(() => fs.rmSync(fakeBin, { recursive: true, force: true }));

  /** Runs the script with an `npm` on PATH that prints `output` and exits with `status`. */
  function runWithNpmPrinting(output, status) {
    fs.writeFileSync(path.join(fakeBin, 'npm-output.json'), output);
    const fakeNpm = path.join(fakeBin, 'npm');
    fs.writeFileSync(fakeNpm, `#!/bin/sh\ncat "${fakeBin}/npm-output.json"\nexit ${status}\n`);
    fs.chmodSync(fakeNpm, 0o755);
    return spawnSync(process.execPath, [path.join(import.meta.dirname, 'audit.mjs')], {
      env: { ...process.env, PATH: `${fakeBin}${path.delimiter}${process.env.PATH}` },
      encoding: 'utf8',
    });
  }

  it('exits 1 on advisories, and 0 with a loud warning when the audit cannot run', () => {
    const failing = runWithNpmPrinting(json(WITH_ADVISORIES), 1);
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain('minimist (critical)');

    const unavailable = runWithNpmPrinting(json(ENDPOINT_405), 1);
    expect(unavailable.status).toBe(0);
    expect(unavailable.stderr).toContain(
      'WARNING: the dependency audit could NOT be performed; advisories are unknown, not absent.',
    );

    const clean = runWithNpmPrinting(json(CLEAN), 0);
    expect(clean.status).toBe(0);
    expect(clean.stdout).toMatch(/no high or critical advisories/);
  });
});
