import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process.ts';
import { assertChromiumInstalled } from './browser.ts';

const webBuild = path.resolve(import.meta.dirname, '../apps/web/build/client/__spa-fallback.html');

/** Starts one real server (embedded database, built web app) for every browser test. */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  if (!fs.existsSync(webBuild)) {
    throw new Error('The web app is not built: run `npm run build` (npm test does this first).');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-e2e-'));
  const server: ServerProcess = await startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: 'e2e-admin-password',
    DATABASE_URL: '',
  });
  project.provide('baseUrl', server.url);

  return async () => {
    await server.stop('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
