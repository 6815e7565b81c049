/** How many played ids a page remembers; far more than a session's replay window can return. */
const MAX_REMEMBERED = 500;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The alert ids this overlay has started to play, in memory and in sessionStorage, so neither a
 * replay after a reconnect nor a page reload within the session shows an alert twice. Storage
 * may be missing or throw (private modes, sandboxed frames): memory alone then still protects
 * this page load.
 */
export class PlayedAlerts {
  private readonly ids: number[];
  private readonly lookup: Set<number>;

  constructor(
    private readonly storageKey: string,
    private readonly storage: KeyValueStorage | null,
  ) {
    this.ids = readIds(storage, storageKey);
    this.lookup = new Set(this.ids);
  }

  has(alertId: number): boolean {
    return this.lookup.has(alertId);
  }

  add(alertId: number): void {
    if (this.lookup.has(alertId)) return;
    this.ids.push(alertId);
    this.lookup.add(alertId);
    while (this.ids.length > MAX_REMEMBERED) {
      const oldest = this.ids.shift();
      if (oldest !== undefined) this.lookup.delete(oldest);
    }
    try {
      this.storage?.setItem(this.storageKey, JSON.stringify(this.ids));
    } catch {
      // Full or disabled storage: memory still covers this page load.
    }
  }
}

/** The played-alert memory of one streamer's overlay in this browser session. */
export function sessionPlayedAlerts(slug: string): PlayedAlerts {
  return new PlayedAlerts(`shabaash.overlay.played.${slug}`, sessionStorageOrNull());
}

function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function readIds(storage: KeyValueStorage | null, key: string): number[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((id): id is number => Number.isSafeInteger(id)).slice(-MAX_REMEMBERED);
  } catch {
    return [];
  }
}
