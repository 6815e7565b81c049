import type { OrderRequest, PublicStreamer, ToastText } from '@shabaash/core';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/lazy-toast';

import { ApiError } from '../../lib/api';
import { usePageNavigation } from '../../lib/page-navigation';
import type { VoiceRecordingValue } from '../voice-recorder/voice-recorder.types';
import { checkoutDetailsFor } from '../checkout/checkout-details';
import { statusPagePath, statusParamForResult } from '../checkout/checkout-result';
import { useCheckout } from '../checkout/use-checkout';
import { OrderCreationError, createOrder } from './donation.api';
import { CHECKOUT_OPEN_DELAY_MS, DONATION_TEXT, DONATION_TOASTS } from './donation.constants';
import { orderIssueToast } from './donation-form';
import { forgetFan, readRememberedFan, rememberFan } from './fan-details';
import { clearFormDraft } from './form-draft';
import type * as OrderRequestSchemaExports from './order-request-schema';
import type { OrderDraft } from './donation-form';
import type { FanConsents } from './mobile-number-dialog';

/**
 * 'modal': the full form's checkout over the page (spec 02 §4, Payment flow).
 * 'redirect': the simple form sends the whole page to the checkout (CodeLive/ArtCreate).
 */
export type CheckoutFlow = 'modal' | 'redirect';

/** Codes `apiFetch` uses when no server message exists (transport or unreadable answers). */
const TRANSPORT_ERROR_CODES = new Set(['network_error', 'http_error', 'invalid_response']);

/**
 * The words for a refused order, if the server gave a reason a person can read: the error
 * catalog's text for its code. The catalog loads only when a refusal is shown, so the page's
 * first load (issue 12's budget) does not carry it.
 */
async function orderFailureMessage(error: unknown): Promise<string | null> {
  if (error instanceof OrderCreationError) return error.message;
  if (!(error instanceof ApiError) || TRANSPORT_ERROR_CODES.has(error.code)) return null;
  try {
    const { apiErrorText } = await import('../../lib/api-error');
    return apiErrorText(error);
  } catch {
    // The catalog could not load (the connection dropped): the server's own words still fit.
    return error.message;
  }
}

function showToast({ title, description }: ToastText) {
  toast.error(title, { description });
}

async function showOrderFailure(flow: CheckoutFlow, error: unknown) {
  const message = await orderFailureMessage(error);
  if (flow === 'redirect') {
    showToast({
      title: DONATION_TEXT.errorToastTitle,
      description: message ?? DONATION_TOASTS.simpleFormFailed,
    });
    return;
  }
  showToast({
    title: DONATION_TOASTS.paymentFailed.title,
    description: message ?? DONATION_TOASTS.paymentFailed.description,
  });
}

type OrderRequestSchemaModule = typeof OrderRequestSchemaExports;
let orderRequestSchemaModule: Promise<OrderRequestSchemaModule> | null = null;

/**
 * The shared order schema and zod, loaded when the fan presses Donate rather than with the page
 * (issue 12's page-weight budget): the chunk downloads while the mobile dialog is open.
 */
function loadOrderRequestSchema(): Promise<OrderRequestSchemaModule> {
  if (!orderRequestSchemaModule) {
    orderRequestSchemaModule = import('./order-request-schema');
    // A failed load (the network dropped) may be tried again on the next press.
    orderRequestSchemaModule.catch(() => {
      orderRequestSchemaModule = null;
    });
  }
  return orderRequestSchemaModule;
}

const wait = (milliseconds: number) =>
  new Promise<void>((resolve) => window.setTimeout(resolve, milliseconds));

/**
 * The payment flow both forms share: the validated form asks for payment, the mobile-number
 * dialog adds the phone, the shared schema checks the whole order, the server creates it, and
 * the checkout opens 100 ms later (or the page goes to it); the result lands on /status.
 */
export function useDonationPayment(streamer: PublicStreamer, flow: CheckoutFlow) {
  const checkoutState = useCheckout(streamer.payment);
  const navigate = usePageNavigation();
  /** The order waiting for a phone number; the mobile dialog is open while it is set. */
  const [draft, setDraft] = useState<OrderDraft | null>(null);
  /** The recording behind the draft's voice upload, which can upload its blob again. */
  const voiceRef = useRef<VoiceRecordingValue | null>(null);
  const [phone, setPhone] = useState(() => readRememberedFan()?.phone ?? '');
  const [isProcessing, setIsProcessing] = useState(false);
  /** Aborted when the form unmounts, so an open checkout modal closes with the page. */
  const checkoutAbortRef = useRef<AbortController | null>(null);

  useEffect(() => () => checkoutAbortRef.current?.abort(), []);

  // Back from a redirect checkout, the browser may restore this page from its back-forward
  // cache with the Donate button still busy: free it.
  useEffect(() => {
    const handlePageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsProcessing(false);
    };
    window.addEventListener('pageshow', handlePageShow);
    return () => window.removeEventListener('pageshow', handlePageShow);
  }, []);

  const requestPayment = (order: OrderDraft, voice: VoiceRecordingValue | null = null) => {
    if (isProcessing) return;
    loadOrderRequestSchema().catch(() => {
      // handleConfirmPhone asks again and tells the fan if it still fails.
    });
    voiceRef.current = voice;
    setDraft(order);
  };

  /**
   * Creates the order (a plain request: nothing else on the page watches it, and the
   * mutation machinery of react-query would cost the first load its bytes). A 409 `voice_upload_claimed` means an earlier order (a checkout the fan
   * cancelled) holds the upload: the recorder still has the blob, so it goes up again and the
   * order is tried once more with the new upload.
   */
  const createOrderWithVoiceRetry = async (request: OrderRequest) => {
    try {
      return await createOrder(streamer.slug, request);
    } catch (error) {
      const voice = voiceRef.current;
      const isClaimed = error instanceof ApiError && error.code === 'voice_upload_claimed';
      if (!isClaimed || !request.voice_upload_id || voice?.status !== 'uploaded') throw error;
      const uploadId = await voice.reupload();
      if (!uploadId) throw error;
      return createOrder(streamer.slug, { ...request, voice_upload_id: uploadId });
    }
  };

  const handleConfirmPhone = async (confirmedPhone: string, consents: FanConsents) => {
    if (!draft) return;
    setPhone(confirmedPhone);
    setDraft(null);

    let orderRequestSchema: OrderRequestSchemaModule['orderRequestSchema'];
    try {
      ({ orderRequestSchema } = await loadOrderRequestSchema());
    } catch {
      void showOrderFailure(flow, null);
      return;
    }
    const parsed = orderRequestSchema.safeParse({ ...draft, ...consents, phone: confirmedPhone });
    if (!parsed.success) {
      showToast(
        flow === 'redirect' ? DONATION_TOASTS.simpleFormInvalid : orderIssueToast(parsed.error),
      );
      return;
    }
    if (checkoutState.status !== 'ready') {
      showToast(
        checkoutState.status === 'loading'
          ? DONATION_TOASTS.paymentNotReady
          : DONATION_TOASTS.paymentSystemError,
      );
      return;
    }
    const { checkout } = checkoutState;

    setIsProcessing(true);
    let order;
    try {
      order = await createOrderWithVoiceRetry(parsed.data);
    } catch (error) {
      setIsProcessing(false);
      void showOrderFailure(flow, error);
      return;
    }
    rememberFan(parsed.data);

    // From here an order exists: whatever happens, the fan lands on its status page.
    const details = checkoutDetailsFor(streamer, parsed.data);
    try {
      if (flow === 'redirect') {
        checkout.redirect(order, statusPagePath(order.order_id), details);
        return;
      }
      const controller = new AbortController();
      checkoutAbortRef.current = controller;
      await wait(CHECKOUT_OPEN_DELAY_MS);
      const result = await checkout.open(order, { signal: controller.signal, details });
      // The fan left the page meanwhile: wherever they went, they stay.
      if (controller.signal.aborted) return;
      navigate(statusPagePath(order.order_id, statusParamForResult(result)));
    } catch {
      navigate(statusPagePath(order.order_id, 'error'));
    }
  };

  return {
    checkoutStatus: checkoutState.status,
    isProcessing,
    requestPayment,
    phoneDialog: {
      open: draft !== null,
      initialPhone: phone,
      draft,
      onCancel: () => setDraft(null),
      // "Not you?": nothing of this fan stays on the device (the kept form included).
      onForget: () => {
        forgetFan();
        clearFormDraft(streamer.slug);
        setPhone('');
      },
      onConfirm: (confirmedPhone: string, consents: FanConsents) =>
        void handleConfirmPhone(confirmedPhone, consents),
    },
  };
}
