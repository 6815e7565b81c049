import { CONSENT_TEXT, CONTACT_NOTICE, SITE_LIMITS, type ContactRequest } from '@shabaash/core';
import { useState, type ChangeEvent, type FormEvent, type Ref } from 'react';
import { toast } from '../../lib/lazy-toast';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { CONTACT_TEXT } from './contact.constants';
import { SITE_MESSAGE_TEXT } from '../marketing/marketing.constants';
import { siteRefusalText } from '../marketing/site-refusal';
import { useSendContactMessage } from './use-send-contact-message';
import { ConsentCheckbox, PrivacyNotice } from '../privacy-notice/privacy-notice';

type ContactText = Exclude<keyof ContactRequest, 'age_confirmed'>;

const EMPTY_MESSAGE: Required<{ [Key in ContactText]: string }> = {
  name: '',
  email: '',
  phone: '',
  message: '',
};

/**
 * The contact form (spec 01 §4, §5, §8): the browser checks required fields and the e-mail
 * format; while sending the button reads 'Sending...'; success clears the form, failure keeps
 * what was typed.
 */
export function ContactForm({ messageRef }: { messageRef?: Ref<HTMLTextAreaElement> }) {
  const [values, setValues] = useState(EMPTY_MESSAGE);
  // The 18+ declaration (issue 29): never ticked in advance; the server refuses without it.
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [ageError, setAgeError] = useState<string | undefined>();
  const sendMessage = useSendContactMessage();

  const handleChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ageConfirmed) {
      setAgeError(CONSENT_TEXT.ageRequired);
      return;
    }
    sendMessage.mutate(
      { ...values, age_confirmed: true },
      {
        onSuccess: () => {
          toast.success(SITE_MESSAGE_TEXT.contactSuccessTitle, {
            description: SITE_MESSAGE_TEXT.contactSuccess,
          });
          setValues(EMPTY_MESSAGE);
          setAgeConfirmed(false);
        },
        onError: (error) => {
          console.error('Contact message failed:', error);
          // Our own refusals (a bad field, too many messages) say what to fix; the rest is generic.
          toast.error(SITE_MESSAGE_TEXT.contactErrorTitle, {
            description: siteRefusalText(error, SITE_MESSAGE_TEXT.contactError),
          });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={CONTACT_TEXT.nameLabel}>
          <Input
            name="name"
            value={values.name}
            onChange={handleChange}
            required
            autoComplete="name"
            maxLength={SITE_LIMITS.contactNameMax}
          />
        </Field>
        <Field label={CONTACT_TEXT.emailLabel}>
          <Input
            name="email"
            type="email"
            value={values.email}
            onChange={handleChange}
            required
            autoComplete="email"
            maxLength={SITE_LIMITS.emailMax}
          />
        </Field>
      </div>
      <Field label={CONTACT_TEXT.phoneLabel} hint={CONTACT_TEXT.phoneHint}>
        <Input
          name="phone"
          type="tel"
          value={values.phone}
          onChange={handleChange}
          autoComplete="tel"
          maxLength={SITE_LIMITS.contactPhoneMax}
        />
      </Field>
      <Field label={CONTACT_TEXT.messageLabel}>
        <Textarea
          ref={messageRef}
          name="message"
          value={values.message}
          onChange={handleChange}
          required
          rows={6}
          maxLength={SITE_LIMITS.contactMessageMax}
          placeholder={CONTACT_TEXT.messagePlaceholder}
        />
      </Field>
      <PrivacyNotice notice={CONTACT_NOTICE} />
      <ConsentCheckbox
        name="age_confirmed"
        label={CONSENT_TEXT.ageConfirm}
        checked={ageConfirmed}
        onChange={(checked) => {
          setAgeConfirmed(checked);
          if (checked) setAgeError(undefined);
        }}
        error={ageError}
      />
      <Button type="submit" size="lg" disabled={sendMessage.isPending} className="sm:self-start">
        {sendMessage.isPending ? CONTACT_TEXT.submitting : CONTACT_TEXT.submit}
      </Button>
    </form>
  );
}
