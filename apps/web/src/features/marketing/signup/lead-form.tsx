import { zodResolver } from '@hookform/resolvers/zod';
import {
  CONSENT_TEXT,
  LEAD_NOTICE,
  SITE_LIMITS,
  leadRequestSchema,
  type Lead,
  type LeadRequest,
  type PlanId,
} from '@shabaash/core';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from '../../../lib/lazy-toast';

import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { usePagePath } from '../marketing-language';
import { SIGNUP_TEXT, SITE_MESSAGE_TEXT, siteMessageText } from '../marketing.constants';
import { siteRefusalText } from '../site-refusal';
import { useCreateLead } from './use-create-lead';
import { ConsentCheckbox, PrivacyNotice } from '../../privacy-notice/privacy-notice';

/** The form's values: the 18+ box starts unticked, and the schema refuses it unticked. */
type LeadFormValues = Omit<LeadRequest, 'age_confirmed'> & { age_confirmed: boolean };

const EMPTY_LEAD: LeadFormValues = {
  name: '',
  mobile_number: '',
  youtube_channel: '',
  email: '',
  instagram_handle: '',
  age_confirmed: false,
};

/**
 * The sign-up lead form (spec 01 §2, §4, §5, §8). It validates on submit, then again on every
 * change, with the shared schema's messages. The dialog unmounts it on close, which resets it.
 */
export default function LeadForm({
  plan,
  onCancel,
  onSuccess,
}: {
  plan: PlanId | null;
  onCancel: () => void;
  onSuccess: () => void;
}) {
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<LeadFormValues, unknown, Lead>({
    // The schema's input says `true` for the 18+ box; the form starts with it unticked.
    resolver: zodResolver(leadRequestSchema) as Resolver<LeadFormValues, unknown, Lead>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_LEAD,
  });
  const ageConfirmed = useWatch({ control, name: 'age_confirmed' });
  const createLead = useCreateLead();
  const pagePath = usePagePath();

  const handleValidSubmit = (lead: Lead) =>
    createLead.mutate(
      { ...lead, plan },
      {
        onSuccess: () => {
          toast.success(SITE_MESSAGE_TEXT.leadSuccess);
          onSuccess();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            toast.error(SITE_MESSAGE_TEXT.leadDuplicate);
            return;
          }
          console.error('Sign-up lead failed:', error);
          // A field the server rejects or too many attempts says so; anything else gets the
          // spec's generic message.
          toast.error(siteRefusalText(error, SITE_MESSAGE_TEXT.genericError));
        },
      },
    );

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} className="flex flex-col gap-4">
      <Field label={SIGNUP_TEXT.nameLabel} error={siteMessageText(errors.name?.message)}>
        <Input
          {...register('name')}
          autoComplete="name"
          maxLength={SITE_LIMITS.nameMax}
          placeholder={SIGNUP_TEXT.namePlaceholder}
        />
      </Field>
      <Field label={SIGNUP_TEXT.mobileLabel} error={siteMessageText(errors.mobile_number?.message)}>
        <Input
          {...register('mobile_number')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={SITE_LIMITS.mobileMax}
          placeholder={SIGNUP_TEXT.mobilePlaceholder}
        />
      </Field>
      <Field
        label={SIGNUP_TEXT.youtubeLabel}
        error={siteMessageText(errors.youtube_channel?.message)}
      >
        <Input
          {...register('youtube_channel')}
          inputMode="url"
          autoComplete="url"
          maxLength={SITE_LIMITS.youtubeMax}
          placeholder={SIGNUP_TEXT.youtubePlaceholder}
        />
      </Field>
      <Field label={SIGNUP_TEXT.emailLabel} error={siteMessageText(errors.email?.message)}>
        <Input
          {...register('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={SITE_LIMITS.emailMax}
          placeholder={SIGNUP_TEXT.emailPlaceholder}
        />
      </Field>
      <Field
        label={SIGNUP_TEXT.instagramLabel}
        hint={SIGNUP_TEXT.optional}
        error={siteMessageText(errors.instagram_handle?.message)}
      >
        <Input
          {...register('instagram_handle')}
          autoComplete="off"
          maxLength={SITE_LIMITS.instagramMax}
          placeholder={SIGNUP_TEXT.instagramPlaceholder}
        />
      </Field>
      <PrivacyNotice notice={LEAD_NOTICE} />
      <ConsentCheckbox
        name="age_confirmed"
        label={CONSENT_TEXT.ageConfirm}
        checked={ageConfirmed}
        onChange={(checked) => setValue('age_confirmed', checked, { shouldValidate: isSubmitted })}
        error={errors.age_confirmed?.message}
      />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {SIGNUP_TEXT.cancel}
        </Button>
        <Button type="submit" disabled={createLead.isPending}>
          {createLead.isPending ? SIGNUP_TEXT.submitting : SIGNUP_TEXT.submit}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        {SIGNUP_TEXT.privacyNote}{' '}
        <Link to={pagePath('/privacy-policy')} className="underline hover:text-slate-700">
          {SIGNUP_TEXT.privacyLink}
        </Link>
        .
      </p>
    </form>
  );
}
