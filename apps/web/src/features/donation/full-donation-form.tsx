import type { DonationType } from '@shabaash/core';
import { lazy, Suspense, useCallback, useLayoutEffect, useState } from 'react';
import type { FormEvent } from 'react';

import type { MediaTipValue } from '../media-tip/media-tip.types';
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
  textTipPromise,
  validAmountPaise,
  validateFullForm,
} from './donation-form';
import type { DonationFormState } from './donation-form';
import { MessageField } from './message-field';
import {
  LazyHyperemotePicker,
  LazyMobileNumberDialog,
  preloadDonationFormParts,
} from './lazy-form-parts';
import type { DonationStreamer } from './donation.api';
import { DONATION_TEXT } from './donation.constants';
import { readRememberedFan } from './fan-details';
import { readFormDraft, saveFormDraft } from './form-draft';
import { takeTypedFields } from './typed-before-hydration';
import { useFormProblem } from './form-problem';
import { FieldError } from '../../components/ui/field';
import { withCatalogs } from '../../i18n/i18n';
import { useDonationPayment } from './use-donation-payment';

/** The recorder is its own chunk: most fans never open voice mode. */
// The recorder's texts come with its code (the voice catalog, in the page's language).
const VoiceRecorder = lazy(() =>
  withCatalogs(['voice'], () => import('../voice-recorder/voice-recorder')),
);
/** So is the GIF / video picker (issue 26): it stays out of the script loaded before Donate. */
// The media tip's texts come with its code (the media catalog, in the page's language).
const MediaTipField = lazy(() =>
  withCatalogs(['media'], () => import('../media-tip/media-tip-field')),
);

/**
 * The standard donation form (spec 02 §2): name, donation type, amount, message with the emoji
 * row, voice recorder or hyperemote picker by type, and the Donate button; then the mobile
 * dialog and the checkout modal.
 */
export function FullDonationForm({ streamer }: { streamer: DonationStreamer }) {
  // The server renders the empty form (donation-ssr.tsx), so the first render here is empty
  // too, and hydration matches it. Then, before the next paint: what the fan typed before the
  // script ran (typed-before-hydration.ts), over what this device remembers: back from a
  // failed or cancelled payment, the form as the fan left it (form-draft.ts), else the fan's
  // name. A draft of a tip type the page no longer offers (its plan changed) is dropped.
  const [form, setForm] = useState<DonationFormState>(INITIAL_FORM);
  useLayoutEffect(() => {
    const typed = takeTypedFields();
    const draft = readFormDraft(streamer.slug);
    // Two-pass rendering, as React documents for what only the browser knows.
    if (draft && streamer.tip_types.includes(draft.type)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setForm({ ...draft, ...typed });
      return;
    }
    const name = readRememberedFan()?.name;
    const restored = { ...(name ? { name } : {}), ...typed };
    if (Object.keys(restored).length > 0) setForm((current) => ({ ...current, ...restored }));
    // Once, when the form mounts: a later profile update must not replace what the fan typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [voice, setVoice] = useState<VoiceRecordingValue>(NO_VOICE_RECORDING);
  // Once opened, the recorder stays mounted (hidden in other modes) so a recording survives a
  // look at another donation type.
  const [hasOpenedRecorder, setHasOpenedRecorder] = useState(false);
  // The GIF / video picker's report (none until its chunk has loaded and reported).
  const [media, setMedia] = useState<MediaTipValue>();
  const payment = useDonationPayment(streamer, 'modal');
  const { formRef, show: showProblem, clear: clearProblem, errorAt } = useFormProblem();
  const handleVoiceChange = useCallback(
    (value: VoiceRecordingValue) => {
      setVoice(value);
      if (value.status === 'uploaded') clearProblem();
    },
    [clearProblem],
  );

  const update = (patch: Partial<DonationFormState>) => {
    clearProblem();
    setForm((current) => ({ ...current, ...patch }));
  };

  const handleTypeChange = (type: DonationType) => {
    clearProblem();
    if (type === 'voice') setHasOpenedRecorder(true);
    setForm((current) =>
      changeDonationType(current, type, {
        hyperemotePricePaise: streamer.hyperemote_price_paise,
        showEmotePicker: streamer.show_emote_picker,
        hyperemoteMessage: streamer.hyperemote_message,
      }),
    );
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (payment.isProcessing) return;
    const found =
      (validateFullForm({
        form,
        voice,
        checkoutStatus: payment.checkoutStatus,
        minAmountPaise: streamer.min_amount_paise,
      }) ??
        (form.type === 'media' && media?.problem)) ||
      null;
    if (found) {
      showProblem(found);
      return;
    }
    saveFormDraft(streamer.slug, form);
    // A media tip names its upload (the server reads it for media tips only).
    payment.requestPayment(
      { ...buildFullOrderDraft(form, voice), media_upload_id: media?.uploadId },
      voice,
    );
  };

  const isHyperemote = form.type === 'hyperemote';
  const isDisabled = payment.isProcessing;
  // A hyperemote carries a message only on a page with a celebration text, which fans may edit.
  const hasMessage =
    form.type === 'text' ||
    form.type === 'media' ||
    (isHyperemote && streamer.hyperemote_message !== null);
  const textPromise = textTipPromise(streamer.speech, form.amountText, streamer.min_amount_paise);

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

        {/* Only the types the page's plans offer; a text-only page needs no choice. */}
        {streamer.tip_types.length > 1 && (
          <DonationTypeField
            value={form.type}
            types={streamer.tip_types}
            onChange={handleTypeChange}
            disabled={isDisabled}
            textHint={textPromise.hint}
          />
        )}

        {isHyperemote && streamer.show_emote_picker && (
          <div data-field="hyperemote" tabIndex={-1} className="flex flex-col gap-1.5">
            <Suspense fallback={null}>
              <LazyHyperemotePicker
                value={form.hyperemoteId}
                onChange={(hyperemoteId) => update({ hyperemoteId })}
                disabled={isDisabled}
              />
            </Suspense>
            <FieldError id={undefined} error={errorAt('hyperemote')} />
          </div>
        )}

        <AmountField
          value={form.amountText}
          onChange={(amountText) => update({ amountText })}
          presetAmountsPaise={streamer.preset_amounts_paise}
          minAmountPaise={streamer.min_amount_paise}
          hyperemoteTiers={streamer.hyperemote_tiers}
          lockedPricePaise={isHyperemote ? streamer.hyperemote_price_paise : null}
          disabled={isDisabled}
          error={errorAt('amount')}
        />

        {hasMessage && (
          <MessageField
            label={isHyperemote ? DONATION_TEXT.optionalMessageLabel : DONATION_TEXT.messageLabel}
            value={form.message}
            onChange={(message) => update({ message })}
            disabled={isDisabled}
            error={errorAt('message')}
            isReadAloud={form.type === 'text' && textPromise.isReadAloud}
          />
        )}

        {hasOpenedRecorder && (
          <div
            hidden={form.type !== 'voice'}
            data-field="voice"
            tabIndex={-1}
            className="flex flex-col gap-1.5"
          >
            <Suspense fallback={<RecorderFallback />}>
              <VoiceRecorder
                onChange={handleVoiceChange}
                active={form.type === 'voice'}
                disabled={isDisabled}
              />
            </Suspense>
            <FieldError id={undefined} error={errorAt('voice')} />
          </div>
        )}

        {/* Mounted while chosen: another type and back asks for the file again. */}
        {form.type === 'media' && (
          <Suspense fallback={null}>
            <MediaTipField
              // Shown while the picker still has a problem (gone once the file is uploaded).
              error={media?.problem ? errorAt('media') : undefined}
              slug={streamer.slug}
              amountText={form.amountText}
              onChange={setMedia}
              disabled={isDisabled}
            />
          </Suspense>
        )}

        <DonateButton
          checkoutStatus={payment.checkoutStatus}
          isProcessing={payment.isProcessing}
          isUploadingVoice={form.type === 'voice' && voice.status === 'uploading'}
          amountPaise={validAmountPaise(form.amountText, streamer.min_amount_paise)}
        />
      </form>
      <LazyMobileNumberDialog {...payment.phoneDialog} title={streamer.mobile_dialog_title} />
    </>
  );
}
