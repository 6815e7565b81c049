import { useEffect, useState } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

import type * as ToastLibrary from './toast-library';

/**
 * The toast library, loaded when the first toast is shown: no page's first load needs it
 * (issue 12's page-weight and Lighthouse budgets). sonner keeps toasts made before its Toaster
 * subscribes and shows them once it does, so nothing is lost while the chunk loads.
 */
type Sonner = typeof ToastLibrary;

let sonner: Promise<Sonner> | null = null;
/** Lazy toasters waiting for the first toast. */
const waitingToasters = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('./toast-library').then(async (library) => {
      await library.loadToastWords();
      return library;
    });
    // A failed load (the network dropped) may be tried again by the next toast.
    sonner.catch(() => {
      sonner = null;
    });
    for (const wake of waitingToasters) wake();
  }
  return sonner;
}

type ToastKind = 'error' | 'success' | 'info' | 'warning';

function show(kind: ToastKind, title: string, options?: ExternalToast) {
  // The same words again replace the toast already up instead of stacking a copy (issue 32).
  const description = typeof options?.description === 'string' ? options.description : '';
  const id = options?.id ?? `${kind}:${title}:${description}`;
  loadSonner().then(
    (library) => library.toast[kind](title, { ...options, id }),
    (error: unknown) => console.error('Could not load the toast library', error),
  );
}

/**
 * sonner's `toast.error`, `.success`, `.info` and `.warning`, loading sonner on first use. The
 * whole app toasts through this, so no page's first load carries sonner.
 */
export const toast = {
  error: (title: string, options?: ExternalToast) => show('error', title, options),
  success: (title: string, options?: ExternalToast) => show('success', title, options),
  info: (title: string, options?: ExternalToast) => show('info', title, options),
  warning: (title: string, options?: ExternalToast) => show('warning', title, options),
};

/** Closes every toast, e.g. when a dialog opens; loads nothing when no toast was ever shown. */
export function dismissToasts() {
  void sonner?.then((library) => library.toast.dismiss());
}

/** sonner's Toaster, rendered once the first toast has loaded sonner. */
export function LazyToaster(props: ToasterProps) {
  const [Toaster, setToaster] = useState<Sonner['NamedToaster'] | null>(null);

  useEffect(() => {
    let mounted = true;
    const mount = () => {
      loadSonner().then(
        (library) => {
          if (mounted) setToaster(() => library.NamedToaster);
        },
        () => waitingToasters.add(mount),
      );
    };
    if (sonner) mount();
    else waitingToasters.add(mount);
    return () => {
      mounted = false;
      waitingToasters.delete(mount);
    };
  }, []);

  return Toaster ? <Toaster {...props} /> : null;
}
