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
  /** The page's own title (a streamer setting), 'Complete Your Donation' by default. */
  title: string;
  initialPhone: string;
  onCancel: () => void;
  onConfirm: (phone: string) => void;
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
  onCancel,
  onConfirm,
  onForget,
}: MobileNumberDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={title}
      description={DONATION_TEXT.mobileDialogDescription}
    >
      {/* Mounted only while open, so each opening starts from the last confirmed number. */}
      <MobileNumberForm
        initialPhone={initialPhone}
        onCancel={onCancel}
        onConfirm={onConfirm}
        onForget={onForget}
      />
    </Dialog>
  );
}

function MobileNumberForm({
  initialPhone,
  onCancel,
  onConfirm,
  onForget,
}: Omit<MobileNumberDialogProps, 'open' | 'title'>) {
  const [phone, setPhone] = useState(initialPhone);
  // A number typed before (this device remembers it) says so, with a way to forget it.
  const [isRemembered, setIsRemembered] = useState(initialPhone !== '');
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {DONATION_TEXT.cancel}
        </Button>
        <Button type="submit">{DONATION_TEXT.continueToPayment}</Button>
      </div>
    </form>
  );
}
