import fs from 'node:fs';
import type { ProcessMemory } from './alert-bench-protocol.ts';

/**
 * This process's memory after a full garbage collection (when started with --expose-gc), its
 * open file descriptors, and the soft limit on them (Linux /proc).
 */
export function processMemory(streams: number): ProcessMemory {
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  const usage = process.memoryUsage();
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    openFiles: fs.readdirSync('/proc/self/fd').length,
    openFilesLimit: openFilesLimit(),
    streams,
  };
}

function openFilesLimit(): number {
  const line = fs
    .readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((row) => row.startsWith('Max open files'));
  const soft = Number(line?.split(/\s{2,}/)[1]);
  return Number.isFinite(soft) ? soft : Number.NaN;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 10 ms ticks). */
export function processCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state, field 3.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  return ticks * 10;
}
