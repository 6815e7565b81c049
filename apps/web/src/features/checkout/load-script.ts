/**
 * Loads a third-party checkout script by injecting a <script> tag, once per page: every caller
 * for the same URL shares one load. A load that fails or times out is forgotten (its tag
 * removed), so a later attempt starts afresh.
 */

/** Why a script did not become usable. */
export class ScriptLoadError extends Error {
  override readonly name = 'ScriptLoadError';

  constructor(
    readonly src: string,
    /**
     * `error`: the request failed; `timeout`: no answer in time; `missing`: it ran but did not
     * define its global.
     */
    readonly reason: 'error' | 'timeout' | 'missing',
  ) {
    super(`The script ${src} could not be loaded (${reason}).`);
  }
}

/** The parts of an injected <script> element the loader uses. */
export type InjectedScript = Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
  remove(): void;
};

export type LoadScriptOptions = {
  src: string;
  timeoutMs: number;
  /** True once the script has defined its global, e.g. `window.Cashfree`. */
  isReady: () => boolean;
};

/** Appends `<script async src>` to the document's head. */
function injectScriptTag(src: string): InjectedScript {
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
  return script;
}

/** A loader with its own once-per-page memory; `inject` is replaceable for tests. */
export function createScriptLoader(inject: (src: string) => InjectedScript = injectScriptTag) {
  const loads = new Map<string, Promise<void>>();

  function load({ src, timeoutMs, isReady }: LoadScriptOptions): Promise<void> {
    if (isReady()) return Promise.resolve();
    const inFlight = loads.get(src);
    if (inFlight) return inFlight;

    const promise = new Promise<void>((resolve, reject) => {
      const script = inject(src);
      const settle = (error: ScriptLoadError | null) => {
        clearTimeout(timer);
        script.removeEventListener('load', handleLoad);
        script.removeEventListener('error', handleError);
        if (!error) return resolve();
        script.remove();
        loads.delete(src);
        reject(error);
      };
      const handleLoad = () => settle(isReady() ? null : new ScriptLoadError(src, 'missing'));
      const handleError = () => settle(new ScriptLoadError(src, 'error'));
      const timer = setTimeout(() => settle(new ScriptLoadError(src, 'timeout')), timeoutMs);
      script.addEventListener('load', handleLoad);
      script.addEventListener('error', handleError);
    });
    loads.set(src, promise);
    return promise;
  }

  return { load };
}

/** The page's one script loader. */
export const loadScript = createScriptLoader().load;
