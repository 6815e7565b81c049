import { CONSENT_TEXT, SIGNUP_NOTICE, localeOfLanguage } from '@shabaash/core';
import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/lazy-toast';

import { Button } from '../../../components/ui/button';
import { useLanguage } from '../../../i18n/i18n';
import { AUTH_MESSAGE_TEXT, AUTH_TEXT, SIGNUP_DONE_TEXT } from '../auth.constants';
import { describeAuthFailure, validateSignup } from '../auth-messages';
import { useRegister } from '../use-auth-mutations';
import { EmailField } from './email-field';
import { PasswordField } from './password-field';
import { ConsentCheckbox, PrivacyNotice } from '../../privacy-notice/privacy-notice';

/** Account creation: e-mail, password and confirmation, checked on submit (spec 01 §5). */
export function SignupForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  // The 18+ declaration (issue 29): never ticked in advance; the server refuses without it.
  const [ageConfirmed, setAgeConfirmed] = useState(false);
  const [ageError, setAgeError] = useState<string | undefined>();
  const register = useRegister();
  const { language } = useLanguage();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (register.isPending) return;
    const problem = validateSignup({ email, password, confirmPassword });
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    if (!ageConfirmed) {
      setAgeError(CONSENT_TEXT.ageRequired);
      return;
    }
    try {
      await register.mutateAsync({
        email: email.trim(),
        password,
        // The e-mails (first the verification link) are in the page's language: the one the
        // visitor chose here, else their browser's (auth-language.tsx).
        locale: localeOfLanguage(language),
        age_confirmed: true,
      });
      toast.success(AUTH_MESSAGE_TEXT.accountCreated, {
        description: SIGNUP_DONE_TEXT.verificationSent,
      });
    } catch (error) {
      const failure = describeAuthFailure(error, 'signup');
      toast.error(failure.title, { description: failure.description });
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4">
      <EmailField value={email} onChange={setEmail} autoComplete="email" />
      <PasswordField
        label={AUTH_TEXT.passwordLabel}
        hint={AUTH_TEXT.newPasswordHint}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
      />
      <PasswordField
        label={AUTH_TEXT.confirmPasswordLabel}
        name="confirm-password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={setConfirmPassword}
      />
      <PrivacyNotice notice={SIGNUP_NOTICE} />
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
      <Button type="submit" className="mt-2 w-full" disabled={register.isPending}>
        {register.isPending ? AUTH_TEXT.signupPending : AUTH_TEXT.signupButton}
      </Button>
    </form>
  );
}
