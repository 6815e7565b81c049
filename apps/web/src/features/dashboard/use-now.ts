import { useSyncExternalStore } from 'react';

const TICK_MS = 30_000;

function subscribe(onTick: () => void): () => void {
  const timer = setInterval(onTick, TICK_MS);
  return () => clearInterval(timer);
}

/** The time, rounded to the tick, so it stays the same between ticks. */
function getSnapshot(): number {
  return Math.floor(Date.now() / TICK_MS) * TICK_MS;
}

/** The current time, updated every 30 s, so '2 minutes ago' stays true on an open dashboard. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
