import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerBundle } from '../apps/server/test/server-bundle.ts';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process.ts';
import { assertChromiumInstalled } from './browser.ts';
import { ADMIN, HINDI_ADMIN, signInToken } from './fixtures.ts';
import { createServerDatabase } from './server-database.ts';

const webBuild = path.resolve(import.meta.dirname, '../apps/web/build/client/__spa-fallback.html');

/**
 * Starts one real server (built web app; see server-database.ts for its database) for every browser test; the e2e
 * files share it and run side by side, each on streamers of its own (fixtures.ts).
 */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  if (!fs.existsSync(webBuild)) {
    throw new Error('The web app is not built: run `npm run build` (npm test does this first).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-e2e-'));
  const database = await createServerDatabase();
  const bundle = await buildServerBundle();
  // A second admin, whose language no-text-left-behind.e2e.ts sets to Hindi: the shared one
  // stays English for the files beside it. Made as an operator would, before the server holds
  // the embedded database.
  execFileSync(
    process.execPath,
    [bundle.admin, 'create-user', HINDI_ADMIN.email, '--admin', '--password', HINDI_ADMIN.password],
    {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...database.env },
      stdio: 'pipe',
    },
  );
  // Generous: a first start migrates and seeds the database, slow on a busy machine.
  // TRUST_PROXY: API calls from the test files play a reverse proxy on loopback, so each can
  // name a client address of its own (X-Forwarded-For); browsers send none and count as one.
  const server: ServerProcess = await startServerProcess(
    {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: ADMIN.password,
      TRUST_PROXY: '127.0.0.1',
      // The privacy policy names this officer (issue 29; privacy-rights.e2e.ts reads it).
      GRIEVANCE_OFFICER_NAME: 'E2E Grievance Officer',
      GRIEVANCE_OFFICER_EMAIL: 'grievance@shabaash.test',
      // Four browser files keep both cores busy for minutes; at the default lowest priority a
      // tip's speech could miss the overlay's 6 s wait (speech.e2e.ts would then hear none).
      SPEECH_RENDER_NICE: '0',
      ...database.env,
    },
    { timeoutMs: 120_000, bundle: bundle.main },
  );
  const teardown = async () => {
    await server.stop('SIGTERM');
    reportServerErrors(server.output());
    bundle.remove();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    project.provide('baseUrl', server.url);
    // The files that start servers of their own (other gateways) start this bundle too.
    project.provide('serverBundle', { main: bundle.main, admin: bundle.admin });
    // Without SMTP_URL the server writes every e-mail under DATA_DIR/outbox (tests read links).
    project.provide('dataDir', dataDir);
    project.provide('adminToken', await signInToken(server.url, ADMIN));
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/**
 * Prints the errors the shared server logged (pino level 50 and over: a 500, a failed job), so a
 * browser test that failed on the server's side leaves its cause in the run's output.
 */
function reportServerErrors(output: string): void {
  const errors = output.split('\n').filter((line) => {
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
    } catch {
      return false;
    }
  });
  if (errors.length === 0) return;
  const shown = errors.slice(-20).map((line) => line.slice(0, 1_000));
  console.warn(
    `The browser tests' server logged ${String(errors.length)} error(s)${errors.length > 20 ? ', the last 20' : ''}:\n${shown.join('\n')}`,
  );
}
