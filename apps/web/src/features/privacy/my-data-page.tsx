import { formatRupees, INDIAN_MOBILE_NUMBER, type MyDataSummary } from '@shabaash/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';

import { CenteredPage } from '../../components/centered-page';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api-error';
import { formatIndiaDateTime } from '../dashboard/relative-time';
import { DONATION_TOASTS } from '../donation/donation.constants';
import { MY_DATA_TEXT } from './privacy-rights.constants';
import { orderIdOf } from './receipt-link';
import {
  correctName,
  downloadMyData,
  eraseMyData,
  fetchMyData,
  openSession,
  requestCode,
} from './privacy-rights.api';

/**
 * /privacy/my-data (issue 29): a fan proves who they are with a code sent to the number they
 * tipped with, or with their receipt link, then sees, downloads, corrects or erases their data.
 * The page token lives in memory only: closing the page ends it.
 */
export function MyDataPage() {
  const [token, setToken] = useState<string | null>(null);
  const [params] = useSearchParams();
  const receiptOrder = params.get('order_id');
  return (
    <CenteredPage>
      <div className="flex w-full max-w-2xl flex-col gap-6">
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{MY_DATA_TEXT.title}</h1>
          <p className="text-slate-600">{MY_DATA_TEXT.description}</p>
        </header>
        {token ? (
          <MyData token={token} onStartOver={() => setToken(null)} />
        ) : (
          <>
            <PhoneProof onProven={setToken} />
            <ReceiptProof initialOrderId={receiptOrder} onProven={setToken} />
          </>
        )}
        <Link to="/privacy-policy" className="self-center text-sm text-slate-600 underline">
          {MY_DATA_TEXT.policyLink}
        </Link>
      </div>
    </CenteredPage>
  );
}

function PhoneProof({ onProven }: { onProven: (token: string) => void }) {
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const send = useMutation({ mutationFn: requestCode });
  const verify = useMutation({
    mutationFn: openSession,
    onSuccess: (session) => onProven(session.token),
  });

  const handleSend = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = phone.trim();
    if (!INDIAN_MOBILE_NUMBER.test(number)) {
      setPhoneError(DONATION_TOASTS.mobileInvalid);
      return;
    }
    setPhoneError(undefined);
    if (!send.isPending) send.mutate(number);
  };
  const handleVerify = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!verify.isPending) verify.mutate({ phone: phone.trim(), code: code.trim() });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{MY_DATA_TEXT.phoneTitle}</h2>
        <CardDescription>{MY_DATA_TEXT.phoneHint}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          noValidate
          onSubmit={handleSend}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <Field
            label={MY_DATA_TEXT.phoneLabel}
            error={phoneError ?? (send.isError ? errorText(send.error) : undefined)}
            className="flex flex-1 flex-col gap-1.5"
          >
            <Input
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="outline" disabled={send.isPending}>
            {send.isPending ? MY_DATA_TEXT.sending : MY_DATA_TEXT.sendCode}
          </Button>
        </form>
        {send.isSuccess && (
          <>
            <p role="status" className="text-sm text-slate-700">
              {MY_DATA_TEXT.codeSent}
            </p>
            <form
              noValidate
              onSubmit={handleVerify}
              className="flex flex-col gap-3 sm:flex-row sm:items-end"
            >
              <Field
                label={MY_DATA_TEXT.codeLabel}
                error={verify.isError ? errorText(verify.error) : undefined}
                className="flex flex-1 flex-col gap-1.5"
              >
                <Input
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
              </Field>
              <Button type="submit" disabled={verify.isPending}>
                {verify.isPending ? MY_DATA_TEXT.verifying : MY_DATA_TEXT.verify}
              </Button>
            </form>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ReceiptProof({
  initialOrderId,
  onProven,
}: {
  initialOrderId: string | null;
  onProven: (token: string) => void;
}) {
  const [link, setLink] = useState(initialOrderId ?? '');
  const [inputError, setInputError] = useState<string | undefined>();
  const open = useMutation({
    mutationFn: openSession,
    onSuccess: (session) => onProven(session.token),
  });
  const { mutate } = open;
  // Arriving from the receipt's own link proves the tip at once.
  useEffect(() => {
    if (initialOrderId) mutate({ order_id: initialOrderId });
  }, [initialOrderId, mutate]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const orderId = orderIdOf(link);
    if (!orderId) {
      setInputError(MY_DATA_TEXT.receiptInvalid);
      return;
    }
    setInputError(undefined);
    if (!open.isPending) open.mutate({ order_id: orderId });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{MY_DATA_TEXT.receiptTitle}</h2>
        <CardDescription>{MY_DATA_TEXT.receiptHint}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <Field
            label={MY_DATA_TEXT.receiptLabel}
            error={inputError ?? (open.isError ? errorText(open.error) : undefined)}
            className="flex flex-1 flex-col gap-1.5"
          >
            <Input value={link} onChange={(event) => setLink(event.target.value)} />
          </Field>
          <Button type="submit" variant="outline" disabled={open.isPending}>
            {MY_DATA_TEXT.openReceipt}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function MyData({ token, onStartOver }: { token: string; onStartOver: () => void }) {
  const summary = useQuery({
    queryKey: ['privacy', 'my-data', token],
    queryFn: ({ signal }) => fetchMyData(token, signal),
    staleTime: 0,
    gcTime: 0,
  });
  if (summary.isError) {
    return (
      <Card>
        <CardContent className="flex flex-col gap-3 pt-6">
          <p role="alert" className="text-sm text-red-700">
            {errorText(summary.error)}
          </p>
          <Button variant="outline" onClick={onStartOver}>
            {MY_DATA_TEXT.startOver}
          </Button>
        </CardContent>
      </Card>
    );
  }
  if (!summary.data) return <p className="text-slate-600">…</p>;
  return <MyDataView token={token} data={summary.data} onStartOver={onStartOver} />;
}

function MyDataView({
  token,
  data,
  onStartOver,
}: {
  token: string;
  data: MyDataSummary;
  onStartOver: () => void;
}) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['privacy', 'my-data', token] });
  const download = useMutation({ mutationFn: () => downloadMyData(token) });
  const liveNames = data.tips.filter((tip) => tip.name !== null && tip.erased_at === null);
  // Kept here: after an erasure by phone number the tips no longer match it, so the erase card
  // (and its own message) goes away with them.
  const [erasedTips, setErasedTips] = useState<number | null>(null);
  const provenText =
    data.proven_by === 'receipt_link'
      ? MY_DATA_TEXT.provenByReceipt
      : data.phone_masked
        ? MY_DATA_TEXT.provenByPhone(data.phone_masked)
        : MY_DATA_TEXT.provenByCode;
  return (
    <>
      <Card>
        <CardHeader>
          <p role="status" className="text-sm font-medium text-emerald-800">
            {provenText}
          </p>
          {erasedTips !== null && (
            <p role="status" className="text-sm font-medium text-emerald-800">
              {MY_DATA_TEXT.erasedDone(erasedTips)}
            </p>
          )}
          <h2 className="text-lg font-semibold text-slate-900">{MY_DATA_TEXT.tipsTitle}</h2>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {data.tips.length === 0 ? (
            <p className="text-slate-600">{MY_DATA_TEXT.noTips}</p>
          ) : (
            <ul
              className="flex flex-col divide-y divide-slate-100"
              aria-label={MY_DATA_TEXT.tipsTitle}
            >
              {data.tips.map((tip) => (
                <li key={tip.order_id} className="flex flex-col gap-1 py-3 text-sm">
                  <p className="font-medium text-slate-900">
                    {formatRupees(tip.amount_paise)} → {tip.creator}
                    <span className="ml-2 font-normal text-slate-500">
                      {formatIndiaDateTime(tip.created_at)}
                    </span>
                  </p>
                  <p className="text-slate-700">
                    {tip.name ?? MY_DATA_TEXT.anonymous}
                    {tip.message ? `: “${tip.message}”` : ''}
                  </p>
                  <p className="text-xs text-slate-500">
                    {[
                      tip.erased_at ? MY_DATA_TEXT.erased : null,
                      tip.has_voice ? MY_DATA_TEXT.voiceKept : null,
                      tip.has_media ? MY_DATA_TEXT.mediaKept : null,
                      tip.phone_kept ? MY_DATA_TEXT.phoneKept : MY_DATA_TEXT.phoneNotKept,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-col gap-2">
            <Button onClick={() => download.mutate()} disabled={download.isPending}>
              {download.isPending ? MY_DATA_TEXT.downloading : MY_DATA_TEXT.download}
            </Button>
            {download.isError && (
              <p role="alert" className="text-sm text-red-700">
                {errorText(download.error)}
              </p>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold text-slate-900">{MY_DATA_TEXT.sharedTitle}</h2>
        </CardHeader>
        <CardContent>
          <ul className="flex list-disc flex-col gap-2 pl-5 text-sm text-slate-700">
            {data.shared_with.map(({ kind }) => (
              <li key={kind}>
                <span className="font-medium text-slate-900">
                  {MY_DATA_TEXT.shared[kind].recipient}:
                </span>{' '}
                {MY_DATA_TEXT.shared[kind].what}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {liveNames.length > 0 && (
        <CorrectName token={token} initial={liveNames[0]?.name ?? ''} onDone={refresh} />
      )}
      {data.tips.some((tip) => tip.erased_at === null) && (
        <Erase
          token={token}
          onDone={(tips) => {
            setErasedTips(tips);
            void refresh();
          }}
        />
      )}
      <p className="text-sm text-slate-600">{MY_DATA_TEXT.answerTime(data.answer_days)}</p>
      <Button variant="ghost" onClick={onStartOver} className="self-start">
        {MY_DATA_TEXT.startOver}
      </Button>
    </>
  );
}

function CorrectName({
  token,
  initial,
  onDone,
}: {
  token: string;
  initial: string;
  onDone: () => void;
}) {
  const [name, setName] = useState(initial);
  const save = useMutation({
    mutationFn: (value: string) => correctName(token, value),
    onSuccess: onDone,
  });
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) save.mutate(name.trim());
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{MY_DATA_TEXT.nameTitle}</h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <form
          noValidate
          onSubmit={handleSubmit}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <Field
            label={MY_DATA_TEXT.nameLabel}
            error={save.isError ? errorText(save.error) : undefined}
            className="flex flex-1 flex-col gap-1.5"
          >
            <Input value={name} onChange={(event) => setName(event.target.value)} />
          </Field>
          <Button type="submit" variant="outline" disabled={save.isPending}>
            {MY_DATA_TEXT.saveName}
          </Button>
        </form>
        {save.isSuccess && (
          <p role="status" className="text-sm text-emerald-800">
            {MY_DATA_TEXT.nameSaved(save.data.tips)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Erase({ token, onDone }: { token: string; onDone: (tips: number) => void }) {
  const [isConfirming, setConfirming] = useState(false);
  const erase = useMutation({
    mutationFn: () => eraseMyData(token),
    onSuccess: (answer) => onDone(answer.tips),
  });
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{MY_DATA_TEXT.eraseTitle}</h2>
        <CardDescription>{MY_DATA_TEXT.eraseDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {isConfirming ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => erase.mutate()} disabled={erase.isPending}>
              {MY_DATA_TEXT.eraseConfirm}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {MY_DATA_TEXT.eraseCancel}
            </Button>
          </div>
        ) : (
          <Button variant="outline" className="self-start" onClick={() => setConfirming(true)}>
            {MY_DATA_TEXT.erase}
          </Button>
        )}
        {erase.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorText(erase.error)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
