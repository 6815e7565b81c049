import { formatRupees } from '@shabaash/core';
import { LoaderCircle, RefreshCw, TriangleAlert } from 'lucide-react';

import { Button } from '../../components/ui/button';
import type { CheckoutStatus } from './donation-form';
import { DONATION_TEXT, DONATION_TOASTS } from './donation.constants';

/**
 * The Donate button, or the 'Payment System Error' state when the checkout failed to load
 * (spec 02 §8). While the checkout loads the button only looks disabled (aria-disabled): a
 * press still reaches the form's checks, which answer 'Payment System Not Ready'.
 */
export function DonateButton({
  checkoutStatus,
  isProcessing,
  isUploadingVoice,
  amountPaise,
}: {
  checkoutStatus: CheckoutStatus;
  isProcessing: boolean;
  isUploadingVoice: boolean;
  amountPaise: number | null;
}) {
  if (checkoutStatus === 'error') {
    const { title, description } = DONATION_TOASTS.paymentSystemError;
    return (
      <div
        role="alert"
        className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-4"
      >
        <div className="flex gap-3">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
          <div>
            <p className="font-semibold text-red-900">{title}</p>
            <p className="text-sm text-red-800">{description}</p>
          </div>
        </div>
        <Button variant="outline" onClick={() => window.location.reload()} className="w-full">
          <RefreshCw aria-hidden="true" className="size-4" />
          {DONATION_TEXT.refreshPage}
        </Button>
      </div>
    );
  }

  const isLoading = checkoutStatus === 'loading';
  const isBusy = isProcessing || isUploadingVoice;
  let label: string =
    amountPaise === null
      ? DONATION_TEXT.donate
      : `${DONATION_TEXT.donate} ${formatRupees(amountPaise)}`;
  if (isLoading) label = DONATION_TEXT.loadingPayment;
  if (isUploadingVoice) label = DONATION_TEXT.uploadingVoice;
  if (isProcessing) label = DONATION_TEXT.processing;

  return (
    <Button
      type="submit"
      size="lg"
      disabled={isBusy}
      aria-disabled={isLoading || undefined}
      className="w-full text-base aria-disabled:cursor-wait aria-disabled:opacity-60"
    >
      {(isBusy || isLoading) && (
        <LoaderCircle
          aria-hidden="true"
          className="size-5 animate-spin motion-reduce:animate-none"
        />
      )}
      {label}
    </Button>
  );
}
