import type { OrderResponse } from '@shabaash/core';

import { CHECKOUT_TEXT } from './checkout.constants';
import type { Checkout, CheckoutResult } from './checkout.types';
import { parseSandboxMessage, sandboxRedirectUrl } from './sandbox-message';

/*
 * The sandbox checkout page (served by our own server at /sandbox/checkout/:orderId) plays the
 * part of a provider's hosted checkout. Like a provider SDK, this adapter builds its own modal
 * with plain DOM calls: the promise-returning `open()` then looks the same for every provider.
 * Tailwind picks up the class names below because it scans every source file.
 */

const DIALOG_CLASSES = [
  // Full screen on phones, the spec's 500×700 modal from the small breakpoint up.
  'm-0 h-dvh max-h-none w-screen max-w-none overflow-hidden bg-white p-0 text-slate-900',
  'sm:m-auto sm:h-[700px] sm:max-h-[calc(100dvh-2rem)] sm:w-[500px] sm:max-w-[calc(100vw-2rem)]',
  'sm:rounded-2xl sm:shadow-2xl backdrop:bg-slate-950/70',
].join(' ');

const CLOSE_ICON =
  '<svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"><path d="M18 6 6 18M6 6l12 12"/></svg>';

function buildModal(src: string) {
  const dialog = document.createElement('dialog');
  dialog.className = DIALOG_CLASSES;
  dialog.setAttribute('aria-label', CHECKOUT_TEXT.sandboxModalTitle);

  const layout = document.createElement('div');
  layout.className = 'flex h-full flex-col';

  const header = document.createElement('div');
  header.className =
    'flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2.5';
  const title = document.createElement('p');
  title.className = 'text-sm font-semibold';
  title.textContent = CHECKOUT_TEXT.sandboxModalTitle;
  const closeButton = document.createElement('button');
  closeButton.type = 'button';
  closeButton.className =
    'grid size-9 place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900';
  closeButton.setAttribute('aria-label', CHECKOUT_TEXT.closeCheckout);
  closeButton.innerHTML = CLOSE_ICON;
  header.append(title, closeButton);

  const iframe = document.createElement('iframe');
  iframe.className = 'w-full flex-1 border-0';
  iframe.title = CHECKOUT_TEXT.sandboxIframeTitle;
  iframe.src = src;

  layout.append(header, iframe);
  dialog.append(layout);
  return { dialog, closeButton, iframe };
}

/** Opens the sandbox checkout in a modal iframe; resolves with the button the fan pressed. */
function openModal(
  order: OrderResponse,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CheckoutResult> {
  if (signal?.aborted) return Promise.resolve('cancelled');
  const url = new URL(order.payment_url, window.location.href);
  const { dialog, closeButton, iframe } = buildModal(url.href);

  return new Promise<CheckoutResult>((resolve) => {
    let isSettled = false;
    const finish = (result: CheckoutResult) => {
      if (isSettled) return;
      isSettled = true;
      window.removeEventListener('message', handleMessage);
      signal?.removeEventListener('abort', handleAbort);
      if (dialog.open) dialog.close();
      dialog.remove();
      resolve(result);
    };
    // The modal lives outside React: when the page goes away, it must go too.
    const handleAbort = () => finish('cancelled');
    const handleMessage = (event: MessageEvent<unknown>) => {
      // Only the checkout iframe we opened, from the checkout's origin, may end the checkout.
      if (event.origin !== url.origin || event.source !== iframe.contentWindow) return;
      const result = parseSandboxMessage(event.data, order.order_id);
      if (result) finish(result);
    };

    window.addEventListener('message', handleMessage);
    signal?.addEventListener('abort', handleAbort, { once: true });
    // Escape and the close button are the fan walking away: a cancelled checkout.
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish('cancelled');
    });
    closeButton.addEventListener('click', () => finish('cancelled'));

    document.body.append(dialog);
    dialog.showModal();
  });
}

/** The sandbox provider's checkout; it needs no script, so it is ready at once. */
export function createCheckout(): Checkout {
  return {
    open: openModal,
    redirect(order, returnPath) {
      window.location.assign(
        sandboxRedirectUrl(order.payment_url, returnPath, window.location.href),
      );
    },
  };
}
