import { checkPhone } from '@shabaash/core';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { DONATION_TEXT } from './donation.constants';

export interface MobileNumberDialogProps {
  open: boolean;
  initialPhone: string;
  onCancel: () => void;
  onConfirm: (phone: string) => void;
}

/**
 * Spec 02 §2 and §5: the mobile-number dialog between the form and the payment. The number is
 * checked by the rule the server's schema uses (10 digits starting 6–9), without loading zod.
 */
export function MobileNumberDialog({
  open,
  initialPhone,
  onCancel,
  onConfirm,
}: MobileNumberDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={DONATION_TEXT.mobileDialogTitle}
      description={DONATION_TEXT.mobileDialogDescription}
    >
      {/* Mounted only while open, so each opening starts from the last confirmed number. */}
      <MobileNumberForm initialPhone={initialPhone} onCancel={onCancel} onConfirm={onConfirm} />
    </Dialog>
  );
}

function MobileNumberForm({
  initialPhone,
  onCancel,
  onConfirm,
}: Omit<MobileNumberDialogProps, 'open'>) {
  const [phone, setPhone] = useState(initialPhone);
  const [error, setError] = useState<string | undefined>();
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
    onConfirm(result.phone);
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <Field label={DONATION_TEXT.mobileLabel} error={error}>
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {DONATION_TEXT.cancel}
        </Button>
        <Button type="submit">{DONATION_TEXT.continueToPayment}</Button>
      </div>
    </form>
  );
}
