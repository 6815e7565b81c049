import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../apps/server/test/server-process.ts';
import { ADMIN, signInToken } from './fixtures.ts';
import { createServerDatabase } from './server-database.ts';

/** A first start migrates and seeds the database: slow on a busy machine. */
export const OWN_SERVER_START_TIMEOUT_MS = 120_000;

/** A port free right now on loopback, for a server whose own address must be known first. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // a TCP listener has an AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type OwnServer = {
  url: string;
  /** The seeded admin, signed in. */
  adminToken: string;
  /** Stops the server and removes its database and files. */
  stop(): Promise<void>;
};

/**
 * A real server of one file's own, for what the run's shared server is not configured with
 * (another payment gateway, a fake Bot API or Google): a database and data folder of its own,
 * `PUBLIC_URL` its own address (return and callback URLs point back at it), `env` on top.
 */
export async function startOwnServer(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<OwnServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shabaash-e2e-own-'));
  const database = await createServerDatabase();
  const port = options.port ?? (await freePort());
  const stopAll = async (server?: { stop(signal?: NodeJS.Signals): Promise<unknown> }) => {
    await server?.stop('SIGTERM');
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  let server;
  try {
    server = await startServerProcess(
      {
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: ADMIN.password,
        // API calls play a reverse proxy on loopback, each naming a client address of its own.
        TRUST_PROXY: '127.0.0.1',
        ...database.env,
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
      },
      { timeoutMs: OWN_SERVER_START_TIMEOUT_MS },
    );
    const adminToken = await signInToken(server.url, ADMIN);
    const started = server;
    return { url: server.url, adminToken, stop: () => stopAll(started) };
  } catch (error) {
    await stopAll(server);
    throw error;
  }
}
