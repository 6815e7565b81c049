import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';

const serverEntry = path.resolve(import.meta.dirname, '../src/main.ts');

/**
 * How to run the server or its CLI: the run's bundle (server-bundle.ts, built by the global
 * setups) when there is one, else the TypeScript source through tsx.
 */
export function nodeArgsFor(bundle: string | undefined, source: string): string[] {
  return bundle ? [bundle] : ['--import', 'tsx', source];
}

/**
 * Cheap password hashes for test runs (2^12 instead of 2^15): the suite signs up and in some
 * 450 users per database, about 45 s of CPU at the real cost. password.test.ts checks the real
 * cost; every hash records its own, so nothing else changes.
 */
export const TEST_PASSWORD_HASH_COST = '12';

export type ServerProcess = {
  /** Base URL the server printed, e.g. http://localhost:41234. */
  url: string;
  /** Everything the process has written to stdout and stderr so far. */
  output(): string;
  /** Sends a signal and resolves with the exit code once the process has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  child: ChildProcess;
};

/** The run's server bundle inside a vitest test file; elsewhere (benchmarks) none. */
function runBundle(): string | undefined {
  return process.env.VITEST ? inject('serverBundle')?.main : undefined;
}

/**
 * Starts the real server (`src/main.ts`) as a child process on a free port and waits until it
 * prints its URL: what `npm start` runs, minus the web build. In a test file it runs the run's
 * bundle; a global setup, which cannot `inject`, passes the bundle itself; benchmarks run the
 * source.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number; bundle?: string } = {},
): Promise<ServerProcess> {
  const bundle = 'bundle' in options ? options.bundle : runBundle();
  const child = spawn(process.execPath, nodeArgsFor(bundle, serverEntry), {
    // No scheduled backup in the middle of a test (one falls due if a run spans 04:00 India time).
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      BACKUP_TIME: 'off',
      PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in time:\n${output}`));
    }, options.timeoutMs ?? 30_000);
    const check = () => {
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      resolve(match[1]);
    };
    child.stdout?.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${String(code)} before starting:\n${output}`));
    });
  });

  return {
    url,
    output: () => output,
    child,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's server and CLI bundles (server-bundle.ts); unset: run the source with tsx. */
    serverBundle: { main: string; admin: string } | undefined;
  }
}
