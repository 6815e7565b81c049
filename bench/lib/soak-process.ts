/** The soak's server process and, for a PostgreSQL run, its throw-away database. */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import type {
  GatewayChoice,
  SignedWebhook,
  SoakResponse,
  SoakServerReady,
} from './soak-protocol.ts';
import type { Gateway } from './soak-traffic.ts';

/** Creates an empty database on the PostgreSQL server for this run; drop() removes it. */
export async function createThrowawayDatabase(serverUrl: string) {
  const name = `shabaash_soak_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Starts the server process; collects its error logs; answers gateway requests over IPC. */
export async function startSoakServer(dataDir: string, databaseUrl: string | undefined) {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'soak-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, SOAK_DATA_DIR: dataDir, SOAK_DATABASE_URL: databaseUrl ?? '' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const errorLogs: string[] = [];
  const warnings = new Map<string, number>();
  if (child.stdout) {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      let entry: { level?: number; msg?: string; err?: { message?: string } };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        console.log(`  server: ${line}`);
        return;
      }
      const text = `${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`;
      if ((entry.level ?? 0) >= 50) errorLogs.push(text);
      else warnings.set(entry.msg ?? '', (warnings.get(entry.msg ?? '') ?? 0) + 1);
    });
  }
  const pending = new Map<number, (response: SoakResponse) => void>();
  let nextRequestId = 1;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A crashed server answers no gateway request: fail them instead of waiting forever.
  child.once('exit', () => {
    for (const [requestId, answer] of pending) answer({ requestId, error: 'server exited' });
    pending.clear();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
    child.on('message', (message: SoakServerReady | SoakResponse) => {
      if ('type' in message) {
        resolve(message.url);
        return;
      }
      pending.get(message.requestId)?.(message);
      pending.delete(message.requestId);
    });
  });
  const gateway: Gateway = (orderId: string, choice: GatewayChoice) => {
    const requestId = nextRequestId++;
    return new Promise<{ recorded: boolean; webhook: SignedWebhook | null }>((resolve, reject) => {
      pending.set(requestId, (response) =>
        'error' in response ? reject(new Error(response.error)) : resolve(response),
      );
      child.send({ type: 'gateway', requestId, orderId, choice });
    });
  };
  return {
    url,
    gateway,
    errorLogs,
    warnings,
    stop: async () => {
      if (child.connected) child.send({ type: 'stop' });
      await exited;
    },
    kill: () => child.kill('SIGKILL'),
  };
}
