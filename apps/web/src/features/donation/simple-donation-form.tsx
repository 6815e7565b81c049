import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useCallback, useLayoutEffect, useState } from 'react';
import type { FormEvent } from 'react';

import { Badge } from '../../components/ui/badge';
import { NO_VOICE_RECORDING } from '../voice-recorder/voice-recorder.types';
import type { VoiceRecordingValue } from '../voice-recorder/voice-recorder.types';
import { AmountField } from './amount-field';
import { DonateButton } from './donate-button';
import { DonorNameField } from './donor-name-field';
import { DONATION_TEXT } from './donation.constants';
import { buildSimpleOrderDraft, validAmountPaise, validateSimpleForm } from './donation-form';
import type { SimpleFormState } from './donation-form';
import { MessageField } from './message-field';
import { LazyMobileNumberDialog, preloadDonationFormParts } from './lazy-form-parts';
import { RecorderFallback } from './recorder-fallback';
import type { DonationStreamer } from './donation.api';
import { useDonationPayment } from './use-donation-payment';
import { readRememberedFan } from './fan-details';
import { takeTypedFields } from './typed-before-hydration';
import { useFormProblem } from './form-problem';
import { FieldError } from '../../components/ui/field';
import { withCatalogs } from '../../i18n/i18n';

// The recorder's texts come with its code (the voice catalog, in the page's language).
const VoiceRecorder = lazy(() =>
  withCatalogs(['voice'], () => import('../voice-recorder/voice-recorder')),
);

const INITIAL_SIMPLE_FORM: SimpleFormState = {
  name: '',
  isAnonymous: false,
  amountText: '',
  message: '',
};

/**
 * The simpler CodeLive/ArtCreate form (spec 02 §2): name, amount, optional message and voice
 * message. It sends the whole page to the checkout instead of opening the modal, still through
 * the mobile-number dialog because the order needs the phone.
 */
export function SimpleDonationForm({ streamer }: { streamer: DonationStreamer }) {
  // Empty as the server rendered it (donation-ssr.tsx); the remembered name comes in before
  // the next paint, once, so a later profile update never replaces what the fan typed.
  const [form, setForm] = useState<SimpleFormState>(INITIAL_SIMPLE_FORM);
  useLayoutEffect(() => {
    const name = readRememberedFan()?.name;
    // What the fan typed before the script ran wins (typed-before-hydration.ts).
    const restored = { ...(name ? { name } : {}), ...takeTypedFields() };
    // Two-pass rendering, as React documents for what only the browser knows.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (Object.keys(restored).length > 0) setForm((current) => ({ ...current, ...restored }));
  }, []);
  const [voice, setVoice] = useState<VoiceRecordingValue>(NO_VOICE_RECORDING);
  const payment = useDonationPayment(streamer, 'redirect');
  const { formRef, show: showProblem, clear: clearProblem, errorAt } = useFormProblem();
  const handleVoiceChange = useCallback(
    (value: VoiceRecordingValue) => {
      setVoice(value);
      if (value.status === 'uploaded') clearProblem();
    },
    [clearProblem],
  );

  const update = (patch: Partial<SimpleFormState>) => {
    clearProblem();
    setForm((current) => ({ ...current, ...patch }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (payment.isProcessing) return;
    const found = validateSimpleForm({
      form,
      voice,
      checkoutStatus: payment.checkoutStatus,
      minAmountPaise: streamer.min_amount_paise,
    });
    if (found) {
      showProblem(found);
      return;
    }
    payment.requestPayment(buildSimpleOrderDraft(form, voice), voice);
  };

  const amountPaise = validAmountPaise(form.amountText, streamer.min_amount_paise);
  const isDisabled = payment.isProcessing;

  return (
    <>
      <form
        ref={formRef}
        noValidate
        onSubmit={handleSubmit}
        onFocusCapture={preloadDonationFormParts}
        onPointerDownCapture={preloadDonationFormParts}
        className="flex flex-col gap-5"
      >
        <DonorNameField
          name={form.name}
          isAnonymous={form.isAnonymous}
          onChange={update}
          disabled={isDisabled}
          error={errorAt('name')}
        />

        <div className="flex flex-col gap-3">
          <AmountField
            value={form.amountText}
            onChange={(amountText) => update({ amountText })}
            presetAmountsPaise={streamer.preset_amounts_paise}
            minAmountPaise={streamer.min_amount_paise}
            hyperemoteTiers={streamer.hyperemote_tiers}
            disabled={isDisabled}
            error={errorAt('amount')}
          />
          {/* Spec 02 §2: shown once the amount is 1 or more. */}
          <div aria-live="polite">
            {amountPaise !== null && (
              <Badge variant="brand" className="px-3 py-1 text-sm">
                <Sparkles aria-hidden="true" className="size-4" />
                {DONATION_TEXT.hyperemoteBadge}
              </Badge>
            )}
          </div>
        </div>

        <MessageField
          label={DONATION_TEXT.optionalMessageLabel}
          value={form.message}
          onChange={(message) => update({ message })}
          disabled={isDisabled}
          error={errorAt('message')}
        />

        {/* A voice note only on a page with the Voice Message add-on (or the Bundle). */}
        {streamer.tip_types.includes('voice') && (
          <div data-field="voice" tabIndex={-1} className="flex flex-col gap-1.5">
            <Suspense fallback={<RecorderFallback />}>
              <VoiceRecorder
                label={DONATION_TEXT.optionalVoiceLabel}
                onChange={handleVoiceChange}
                disabled={isDisabled}
              />
            </Suspense>
            <FieldError id={undefined} error={errorAt('voice')} />
          </div>
        )}

        <DonateButton
          checkoutStatus={payment.checkoutStatus}
          isProcessing={payment.isProcessing}
          isUploadingVoice={voice.status === 'uploading'}
          amountPaise={amountPaise}
        />
      </form>
      <LazyMobileNumberDialog {...payment.phoneDialog} title={streamer.mobile_dialog_title} />
    </>
  );
}
