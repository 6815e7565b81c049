import { describe, expect, it } from 'vitest';
import { BatchLoader, Coalescer } from './coalesce.ts';

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A task whose runs the test finishes by hand, numbered in the order they started. */
function controlledTask() {
  const finishers: Array<() => void> = [];
  let started = 0;
  const task = () => {
    started += 1;
    const run = started;
    return new Promise<number>((resolve) => finishers.push(() => resolve(run)));
  };
  return { task, finish: (index: number) => finishers[index]?.(), started: () => started };
}

describe('Coalescer', () => {
  it('shares a run among callers of one turn, and one later run among those who come meanwhile', async () => {
    const coalescer = new Coalescer<number>();
    const { task, finish, started } = controlledTask();
    const first = [coalescer.run('streamer', task), coalescer.run('streamer', task)];
    await nextTurn();
    expect(started()).toBe(1);
    const later = [coalescer.run('streamer', task), coalescer.run('streamer', task)];
    await nextTurn();
    expect(started()).toBe(1); // the later callers never join the run already under way
    finish(0);
    expect(await Promise.all(first)).toEqual([1, 1]);
    await nextTurn();
    expect(started()).toBe(2);
    finish(1);
    expect(await Promise.all(later)).toEqual([2, 2]);
  });

  it('keeps keys apart and recovers after a failed run', async () => {
    const coalescer = new Coalescer<string>();
    const failed = coalescer.run('a', () => Promise.reject(new Error('database down')));
    const other = coalescer.run('b', () => Promise.resolve('b'));
    await expect(failed).rejects.toThrow('database down');
    expect(await coalescer.run('a', () => Promise.resolve('a again'))).toBe('a again');
    expect(await other).toBe('b');
  });
});

describe('BatchLoader', () => {
  it('loads the keys of one turn together, and everything asked meanwhile in one later query', async () => {
    const queries: string[][] = [];
    let release = () => {};
    const loader = new BatchLoader<string, string>(async (keys) => {
      queries.push(keys);
      if (queries.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Map(
        keys.filter((key) => key !== 'unknown').map((key) => [key, key.toUpperCase()]),
      );
    });
    const first = [loader.load('a'), loader.load('z')];
    await nextTurn();
    const later = [loader.load('b'), loader.load('c'), loader.load('b'), loader.load('unknown')];
    await nextTurn();
    expect(queries).toEqual([['a', 'z']]);
    release();
    expect(await Promise.all(first)).toEqual(['A', 'Z']);
    expect(await Promise.all(later)).toEqual(['B', 'C', 'B', undefined]);
    expect(queries).toEqual([
      ['a', 'z'],
      ['b', 'c', 'unknown'],
    ]);
  });

  it('fails only the batch whose query failed', async () => {
    let calls = 0;
    const loader = new BatchLoader<string, number>(async (keys) => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      return new Map(keys.map((key) => [key, key.length]));
    });
    await expect(loader.load('a')).rejects.toThrow('database down');
    expect(await loader.load('abc')).toBe(3);
  });
});
