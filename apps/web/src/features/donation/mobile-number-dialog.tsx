import { CONSENT_TEXT, DONATION_NOTICE, checkPhone, needsStreamConsent } from '@shabaash/core';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { CONSENT_ERRORS, DONATION_TEXT, dialogTitleIn } from './donation.constants';
import type { OrderDraft } from './donation-form';
import { ConsentCheckbox, PrivacyNotice } from '../privacy-notice/privacy-notice';

/** What the fan agreed to in the dialog (issue 29): sent with the order, recorded by the server. */
export type FanConsents = {
  age_confirmed: true;
  stream_consent: boolean;
  marketing_consent: boolean;
};

export interface MobileNumberDialogProps {
  open: boolean;
  /** The page's own title (a streamer setting), 'Complete Your Donation' by default. */
  title: string;
  initialPhone: string;
  /** The order waiting for the phone: whether it shows anything of the fan on stream. */
  draft: OrderDraft | null;
  onCancel: () => void;
  onConfirm: (phone: string, consents: FanConsents) => void;
  /** "Not you?": forgets the number this device remembered. */
  onForget: () => void;
}

/**
 * Spec 02 §2 and §5: the mobile-number dialog between the form and the payment. The number is
 * checked by the rule the server's schema uses (10 digits starting 6–9), without loading zod.
 */
export function MobileNumberDialog({
  open,
  title,
  initialPhone,
  draft,
  onCancel,
  onConfirm,
  onForget,
}: MobileNumberDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={dialogTitleIn(title)}
      description={DONATION_TEXT.mobileDialogDescription}
    >
      {/* Mounted only while open, so each opening starts from the last confirmed number. */}
      <MobileNumberForm
        initialPhone={initialPhone}
        needsStreamConsent={draft ? needsStreamConsent(draft) : true}
        onCancel={onCancel}
        onConfirm={onConfirm}
        onForget={onForget}
      />
    </Dialog>
  );
}

function MobileNumberForm({
  initialPhone,
  needsStreamConsent: streamConsentNeeded,
  onCancel,
  onConfirm,
  onForget,
}: Omit<MobileNumberDialogProps, 'open' | 'title' | 'draft'> & { needsStreamConsent: boolean }) {
  const [phone, setPhone] = useState(initialPhone);
  // A number typed before (this device remembers it) says so, with a way to forget it.
  const [isRemembered, setIsRemembered] = useState(initialPhone !== '');
  const [error, setError] = useState<string | undefined>();
  // Issue 29: each tip asks afresh, nothing ticked in advance.
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [streamConsent, setStreamConsent] = useState(false);
  const [marketingConsent, setMarketingConsent] = useState(false);
  const [consentErrors, setConsentErrors] = useState<{ age?: string; stream?: string }>({});
  const inputRef = useRef<HTMLInputElement>(null);

  // The dialog opens (showModal) after this form mounts; focus the input once it is open.
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => inputRef.current?.focus());
    return () => window.cancelAnimationFrame(frame);
  }, []);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = checkPhone(phone);
    if ('error' in result) {
      setError(result.error);
      inputRef.current?.focus();
      return;
    }
    const missing = {
      ...(ageConfirmed ? {} : { age: CONSENT_ERRORS.ageRequired }),
      ...(streamConsentNeeded && !streamConsent
        ? { stream: CONSENT_ERRORS.streamConsentRequired }
        : {}),
    };
    setConsentErrors(missing);
    if (missing.age || missing.stream) return;
    onConfirm(result.phone, {
      age_confirmed: true,
      stream_consent: streamConsent,
      marketing_consent: marketingConsent,
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <Field
        label={DONATION_TEXT.mobileLabel}
        error={error}
        hint={isRemembered ? DONATION_TEXT.mobileRemembered : undefined}
      >
        <Input
          ref={inputRef}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          placeholder={DONATION_TEXT.mobilePlaceholder}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
            if (error) setError(undefined);
          }}
        />
      </Field>
      {isRemembered && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={() => {
            onForget();
            setIsRemembered(false);
            setPhone('');
            inputRef.current?.focus();
          }}
        >
          {DONATION_TEXT.notYou}
        </Button>
      )}
      <div className="flex flex-col gap-3">
        <ConsentCheckbox
          name="age_confirmed"
          label={CONSENT_TEXT.ageConfirm}
          checked={ageConfirmed}
          error={consentErrors.age}
          onChange={setAgeConfirmed}
        />
        <ConsentCheckbox
          name="stream_consent"
          label={CONSENT_TEXT.streamConsent}
          checked={streamConsent}
          error={consentErrors.stream}
          onChange={setStreamConsent}
        />
        <ConsentCheckbox
          name="marketing_consent"
          label={CONSENT_TEXT.marketingConsent}
          checked={marketingConsent}
          onChange={setMarketingConsent}
        />
        <PrivacyNotice notice={DONATION_NOTICE} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {DONATION_TEXT.cancel}
        </Button>
        <Button type="submit">{DONATION_TEXT.continueToPayment}</Button>
      </div>
    </form>
  );
}
