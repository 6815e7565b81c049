import { splitVendorSchema, type PayoutStatus } from '@shabaash/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/lazy-toast';
import { Select } from '../settings/settings-controls';
import { onboardSplitVendor } from './payouts.api';
import { PAYOUTS_TEXT } from './payouts.constants';

type Draft = {
  legal_name: string;
  email: string;
  phone: string;
  pan: string;
  kind: 'bank' | 'upi';
  account_number: string;
  ifsc: string;
  vpa: string;
};

const EMPTY: Draft = {
  legal_name: '',
  email: '',
  phone: '',
  pan: '',
  kind: 'bank',
  account_number: '',
  ifsc: '',
  vpa: '',
};

/** The KYC Cashfree asks of an Easy Split vendor, checked by the server's own schema first. */
export function SplitVendorForm({
  slug,
  token,
  onDone,
}: {
  slug: string;
  token: string;
  onDone: (status: PayoutStatus) => void;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const onboard = useMutation({
    mutationFn: (body: Parameters<typeof onboardSplitVendor>[1]) =>
      onboardSplitVendor(slug, body, token),
    onSuccess: (status) => {
      onDone(status);
      setDraft(EMPTY);
      setProblem(null);
      toast.success(PAYOUTS_TEXT.onboarded);
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [field]: event.target.value });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = splitVendorSchema.safeParse({
      legal_name: draft.legal_name,
      email: draft.email,
      phone: draft.phone,
      pan: draft.pan,
      payout_to:
        draft.kind === 'bank'
          ? { kind: 'bank', account_number: draft.account_number, ifsc: draft.ifsc }
          : { kind: 'upi', vpa: draft.vpa },
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? PAYOUTS_TEXT.loadError);
      return;
    }
    onboard.mutate(parsed.data);
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={handleSubmit}
      noValidate
      data-payouts="split-form"
    >
      <p className="text-sm text-slate-600">{PAYOUTS_TEXT.splitIntro}</p>
      <Field label={PAYOUTS_TEXT.legalNameLabel}>
        <Input autoComplete="name" value={draft.legal_name} onChange={set('legal_name')} />
      </Field>
      <Field label={PAYOUTS_TEXT.emailLabel}>
        <Input type="email" autoComplete="email" value={draft.email} onChange={set('email')} />
      </Field>
      <Field label={PAYOUTS_TEXT.phoneLabel}>
        <Input
          inputMode="numeric"
          autoComplete="tel-national"
          value={draft.phone}
          onChange={set('phone')}
        />
      </Field>
      <Field label={PAYOUTS_TEXT.panLabel} hint={PAYOUTS_TEXT.kycHint}>
        <Input autoComplete="off" value={draft.pan} onChange={set('pan')} />
      </Field>
      <Field label={PAYOUTS_TEXT.payoutToLabel}>
        <Select
          value={draft.kind}
          onChange={(event) =>
            setDraft({ ...draft, kind: event.target.value === 'upi' ? 'upi' : 'bank' })
          }
        >
          <option value="bank">{PAYOUTS_TEXT.payoutToBank}</option>
          <option value="upi">{PAYOUTS_TEXT.payoutToUpi}</option>
        </Select>
      </Field>
      {draft.kind === 'bank' ? (
        <>
          <Field label={PAYOUTS_TEXT.accountNumberLabel}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              value={draft.account_number}
              onChange={set('account_number')}
            />
          </Field>
          <Field label={PAYOUTS_TEXT.ifscLabel}>
            <Input autoComplete="off" value={draft.ifsc} onChange={set('ifsc')} />
          </Field>
        </>
      ) : (
        <Field label={PAYOUTS_TEXT.vpaLabel}>
          <Input autoComplete="off" value={draft.vpa} onChange={set('vpa')} />
        </Field>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" disabled={onboard.isPending}>
          {onboard.isPending ? PAYOUTS_TEXT.onboarding : PAYOUTS_TEXT.onboard}
        </Button>
      </div>
    </form>
  );
}
