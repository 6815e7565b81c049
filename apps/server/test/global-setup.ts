import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { buildServerBundle } from './server-bundle.ts';
import { createScratchDatabase, withAdminClient } from './test-database.ts';

/**
 * Migrates one template database for the whole server suite, which every test database then
 * copies: a PGlite data-directory dump on the PGlite run, a PostgreSQL database used as
 * `CREATE DATABASE … TEMPLATE` on the PostgreSQL run.
 */
export default async function setup(project: TestProject) {
  const bundle = await buildServerBundle();
  project.provide('serverBundle', { main: bundle.main, admin: bundle.admin });
  const removeTemplate =
    project.config.env?.TEST_DB_BACKEND === 'postgres'
      ? await setupPostgresTemplate(project)
      : await setupPgliteTemplate(project);
  return async () => {
    await removeTemplate();
    bundle.remove();
  };
}

async function setupPgliteTemplate(project: TestProject) {
  const database = await openDatabase({});
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-pglite-template-'));
  const file = path.join(folder, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  project.provide('postgresTemplate', undefined);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

async function setupPostgresTemplate(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('The server:postgres project needs TEST_DATABASE_URL');
  const name = `shabaash_template_${crypto.randomBytes(6).toString('hex')}`;
  await createScratchDatabase(adminUrl, name);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Migrate, then disconnect: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  project.provide('postgresTemplate', name);
  project.provide('pgliteTemplateFile', undefined);
  return () =>
    withAdminClient(adminUrl, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
}
