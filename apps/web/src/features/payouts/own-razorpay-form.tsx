import {
  ownRazorpayConnectSchema,
  type OwnRazorpayConnect,
  type PayoutStatus,
} from '@shabaash/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/lazy-toast';
import { connectOwnRazorpay } from './payouts.api';
import { PAYOUTS_TEXT } from './payouts.constants';

const EMPTY: OwnRazorpayConnect = { key_id: '', key_secret: '', webhook_secret: '' };
const TEXT = PAYOUTS_TEXT.razorpay;

/**
 * Connecting the creator's own Razorpay account (issue 27): the API key, checked by the server
 * with Razorpay, and the webhook secret the creator set in Razorpay. Secrets go to the server
 * once and are never shown again, only their last four characters.
 */
export function OwnRazorpayForm({
  slug,
  token,
  onDone,
}: {
  slug: string;
  token: string;
  onDone: (status: PayoutStatus) => void;
}) {
  const [keys, setKeys] = useState<OwnRazorpayConnect>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const connect = useMutation({
    mutationFn: (body: OwnRazorpayConnect) => connectOwnRazorpay(slug, body, token),
    onSuccess: (status) => {
      onDone(status);
      setKeys(EMPTY);
      setProblem(null);
      toast.success(TEXT.connected);
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const set = (field: keyof OwnRazorpayConnect) => (event: { target: { value: string } }) =>
    setKeys({ ...keys, [field]: event.target.value });

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ownRazorpayConnectSchema.safeParse(keys);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? PAYOUTS_TEXT.loadError);
      return;
    }
    connect.mutate(parsed.data);
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={handleSubmit}
      noValidate
      data-payouts="own-razorpay-form"
    >
      <p className="text-sm text-slate-600">{TEXT.intro}</p>
      <Field label={TEXT.keyIdLabel}>
        <Input autoComplete="off" value={keys.key_id} onChange={set('key_id')} />
      </Field>
      <Field label={TEXT.keySecretLabel} hint={PAYOUTS_TEXT.secretHint}>
        <Input
          type="password"
          autoComplete="off"
          value={keys.key_secret}
          onChange={set('key_secret')}
        />
      </Field>
      <Field label={TEXT.webhookSecretLabel} hint={TEXT.webhookSecretHint}>
        <Input
          type="password"
          autoComplete="off"
          value={keys.webhook_secret}
          onChange={set('webhook_secret')}
        />
      </Field>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" disabled={connect.isPending}>
          {connect.isPending ? TEXT.connecting : PAYOUTS_TEXT.connect}
        </Button>
      </div>
    </form>
  );
}
