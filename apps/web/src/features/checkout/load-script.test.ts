import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ScriptLoadError, createScriptLoader } from './load-script';

const SRC = 'https://sdk.example/v3/sdk.js';

/** A stand-in for the injected <script>: the test fires its load and error events. */
class FakeScript extends EventTarget {
  isRemoved = false;

  constructor(readonly src: string) {
    super();
  }

  remove() {
    this.isRemoved = true;
  }
}

function setup() {
  const injected: FakeScript[] = [];
  let isReady = false;
  const loader = createScriptLoader((src) => {
    const script = new FakeScript(src);
    injected.push(script);
    return script;
  });
  const load = () => loader.load({ src: SRC, timeoutMs: 1_000, isReady: () => isReady });
  /** The script runs: it defines its global (or not), then fires load. */
  const runScript = (script: FakeScript | undefined, definesGlobal = true) => {
    isReady = definesGlobal;
    script?.dispatchEvent(new Event('load'));
  };
  return { injected, load, runScript };
}

describe('createScriptLoader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('injects the script once however many callers wait, and resolves when it has run', async () => {
    const { injected, load, runScript } = setup();
    const first = load();
    const second = load();
    expect(injected.map((script) => script.src)).toEqual([SRC]);
    runScript(injected[0]);
    await expect(Promise.all([first, second])).resolves.toEqual([undefined, undefined]);

    // Later callers find the global and inject nothing.
    await load();
    expect(injected).toHaveLength(1);
    expect(injected[0]?.isRemoved).toBe(false);
  });

  it('rejects with reason "timeout" when the script does not arrive in time', async () => {
    const { injected, load } = setup();
    const loading = load();
    const expectation = expect(loading).rejects.toMatchObject({ reason: 'timeout', src: SRC });
    await vi.advanceTimersByTimeAsync(1_000);
    await expectation;
    expect(injected[0]?.isRemoved).toBe(true);
  });

  it('rejects with reason "error" when the request fails, and a later try injects again', async () => {
    const { injected, load, runScript } = setup();
    const failed = load();
    injected[0]?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toBeInstanceOf(ScriptLoadError);
    await expect(failed).rejects.toMatchObject({ reason: 'error' });
    expect(injected[0]?.isRemoved).toBe(true);

    const retried = load();
    expect(injected).toHaveLength(2);
    runScript(injected[1]);
    await expect(retried).resolves.toBeUndefined();
  });

  it('rejects with reason "missing" when the script ran but defined nothing', async () => {
    const { injected, load, runScript } = setup();
    const loading = load();
    runScript(injected[0], false);
    await expect(loading).rejects.toMatchObject({ reason: 'missing' });
  });

  it('ignores a late load once the time-out has answered', async () => {
    const { injected, load, runScript } = setup();
    const loading = load();
    const expectation = expect(loading).rejects.toMatchObject({ reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(1_000);
    runScript(injected[0]);
    await expectation;
  });
});
