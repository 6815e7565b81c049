import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit.ts';

/** A task that runs until the test lets it finish. */
function heldTask(started: string[], name: string) {
  let finish = () => {};
  const released = new Promise<void>((resolve) => (finish = resolve));
  const task = async () => {
    started.push(name);
    await released;
    return name;
  };
  return { task, finish };
}

describe('ConcurrencyLimit', () => {
  it('runs two at once, queues two more in order, and refuses the fifth', async () => {
    const limit = new ConcurrencyLimit(2, 2, () => new Error('busy'));
    const started: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => heldTask(started, name));
    const results = tasks.map(({ task }) => limit.run(task));
    await expect(limit.run(async () => 'e')).rejects.toThrow('busy');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect([limit.running, limit.waiting]).toEqual([2, 2]);

    tasks[1]!.finish();
    await expect(results[1]).resolves.toBe('b');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c']);
    expect([limit.running, limit.waiting]).toEqual([2, 1]);

    for (const { finish } of tasks) finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c', 'd']);
    expect([limit.running, limit.waiting, limit.peakRunning]).toEqual([0, 0, 2]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = new ConcurrencyLimit(1, 0, () => new Error('busy'));
    await expect(limit.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(limit.run(async () => 'next')).resolves.toBe('next');
    expect(limit.running).toBe(0);
  });
});
