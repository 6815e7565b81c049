import type { DonationType } from '@shabaash/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '../../lib/lazy-toast';

import { NO_VOICE_RECORDING } from '../voice-recorder/voice-recorder.types';
import type { VoiceRecordingValue } from '../voice-recorder/voice-recorder.types';
import { DonateButton } from './donate-button';
import { DonorNameField } from './donor-name-field';
import { DonationTypeField } from './donation-type-field';
import { AmountField } from './amount-field';
import { RecorderFallback } from './recorder-fallback';
import {
  INITIAL_FORM,
  buildFullOrderDraft,
  changeDonationType,
  validAmountPaise,
  validateFullForm,
} from './donation-form';
import type { DonationFormState } from './donation-form';
import { HyperemotePicker } from './hyperemote-picker';
import { MessageField } from './message-field';
import { MobileNumberDialog } from './mobile-number-dialog';
import type { DonationStreamer } from './donation.api';
import { useDonationPayment } from './use-donation-payment';

/** The recorder is its own chunk: most fans never open voice mode. */
const VoiceRecorder = lazy(() => import('../voice-recorder/voice-recorder'));

/**
 * The standard donation form (spec 02 §2): name, donation type, amount, message with the emoji
 * row, voice recorder or hyperemote picker by type, and the Donate button; then the mobile
 * dialog and the checkout modal.
 */
export function FullDonationForm({ streamer }: { streamer: DonationStreamer }) {
  const [form, setForm] = useState<DonationFormState>(INITIAL_FORM);
  const [voice, setVoice] = useState<VoiceRecordingValue>(NO_VOICE_RECORDING);
  // Once opened, the recorder stays mounted (hidden in other modes) so a recording survives a
  // look at another donation type.
  const [hasOpenedRecorder, setHasOpenedRecorder] = useState(false);
  const payment = useDonationPayment(streamer, 'modal');
  const handleVoiceChange = useCallback((value: VoiceRecordingValue) => setVoice(value), []);

  const update = (patch: Partial<DonationFormState>) =>
    setForm((current) => ({ ...current, ...patch }));

  const handleTypeChange = (type: DonationType) => {
    if (type === 'voice') setHasOpenedRecorder(true);
    setForm((current) =>
      changeDonationType(current, type, {
        hyperemotePricePaise: streamer.hyperemote_price_paise,
        showEmotePicker: streamer.show_emote_picker,
      }),
    );
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (payment.isProcessing) return;
    const problem = validateFullForm({
      form,
      voice,
      checkoutStatus: payment.checkoutStatus,
      minAmountPaise: streamer.min_amount_paise,
    });
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    payment.requestPayment(buildFullOrderDraft(form, voice), voice);
  };

  const isHyperemote = form.type === 'hyperemote';
  const isDisabled = payment.isProcessing;

  return (
    <>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
        <DonorNameField
          name={form.name}
          isAnonymous={form.isAnonymous}
          onChange={update}
          disabled={isDisabled}
        />

        <DonationTypeField value={form.type} onChange={handleTypeChange} disabled={isDisabled} />

        {isHyperemote && streamer.show_emote_picker && (
          <HyperemotePicker
            value={form.hyperemoteId}
            onChange={(hyperemoteId) => update({ hyperemoteId })}
            disabled={isDisabled}
          />
        )}

        <AmountField
          value={form.amountText}
          onChange={(amountText) => update({ amountText })}
          presetAmountsPaise={streamer.preset_amounts_paise}
          minAmountPaise={streamer.min_amount_paise}
          hyperemoteTiers={streamer.hyperemote_tiers}
          lockedPricePaise={isHyperemote ? streamer.hyperemote_price_paise : null}
          disabled={isDisabled}
        />

        {form.type === 'text' && (
          <MessageField
            value={form.message}
            onChange={(message) => update({ message })}
            disabled={isDisabled}
          />
        )}

        {hasOpenedRecorder && (
          <div hidden={form.type !== 'voice'}>
            <Suspense fallback={<RecorderFallback />}>
              <VoiceRecorder
                onChange={handleVoiceChange}
                active={form.type === 'voice'}
                disabled={isDisabled}
              />
            </Suspense>
          </div>
        )}

        <DonateButton
          checkoutStatus={payment.checkoutStatus}
          isProcessing={payment.isProcessing}
          isUploadingVoice={form.type === 'voice' && voice.status === 'uploading'}
          amountPaise={validAmountPaise(form.amountText, streamer.min_amount_paise)}
        />
      </form>
      <MobileNumberDialog {...payment.phoneDialog} />
    </>
  );
}
