import {
  OWN_ACCOUNT_GATEWAYS,
  OWN_ACCOUNT_MODE,
  ownCashfreeConnectSchema,
  type OwnAccountGatewayName,
  type OwnCashfreeConnect,
  type PayoutStatus,
} from '@shabaash/core';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/lazy-toast';
import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { Select } from '../settings/settings-controls';
import { OwnRazorpayForm } from './own-razorpay-form';
import {
  connectOwnCashfree,
  disconnectOwnAccount,
  fetchPayouts,
  recheckOwnAccount,
  recheckSplitVendor,
} from './payouts.api';
import { PAYOUTS_TEXT } from './payouts.constants';
import { SettlementsView } from './settlements-view';
import { SplitVendorForm } from './split-vendor-form';

const EMPTY_KEYS: OwnCashfreeConnect = { environment: 'sandbox', app_id: '', secret_key: '' };

/**
 * What the account panel says for each gateway (Razorpay has a webhook secret too), read when
 * used so it is in the dashboard's language.
 */
const ACCOUNT_TEXT = {
  get cashfree() {
    return {
      keyId: PAYOUTS_TEXT.keyId,
      secretEnding: PAYOUTS_TEXT.secretEnding,
      statusFailing: PAYOUTS_TEXT.statusFailing,
      webhookTitle: PAYOUTS_TEXT.webhookTitle,
      webhookHelp: PAYOUTS_TEXT.webhookHelp,
      disconnected: PAYOUTS_TEXT.disconnected,
    };
  },
  razorpay: PAYOUTS_TEXT.razorpay,
};

/**
 * Settings → Payouts (issue 27): where the page's tips are paid and why a page cannot take tips;
 * connecting the creator's own Cashfree or Razorpay account with a guided, checked form. Secrets
 * go to the server once and are never shown again, only their last four characters.
 */
export function PayoutsSection({ slug }: { slug: string }) {
  const { user, token } = useSession();
  const key = viewerQueryKey(user?.id, 'payouts', slug);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key,
    queryFn: token ? ({ signal }) => fetchPayouts(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  const setStatus = (status: PayoutStatus) => queryClient.setQueryData(key, status);
  const [keys, setKeys] = useState<OwnCashfreeConnect>(EMPTY_KEYS);
  const [isReplacing, setIsReplacing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosenGateway, setChosenGateway] = useState<OwnAccountGatewayName | null>(null);

  const connect = useMutation({
    mutationFn: (body: OwnCashfreeConnect) => connectOwnCashfree(slug, body, token ?? ''),
    onSuccess: (status) => {
      setStatus(status);
      setKeys(EMPTY_KEYS);
      setIsReplacing(false);
      setProblem(null);
      toast.success(PAYOUTS_TEXT.connected);
    },
    onError: (error) => setProblem(errorText(error)),
  });
  const recheck = useMutation({
    mutationFn: (gateway: OwnAccountGatewayName) => recheckOwnAccount(slug, gateway, token ?? ''),
    onSuccess: setStatus,
    onError: (error) => toast.error(errorText(error)),
  });
  const recheckVendor = useMutation({
    mutationFn: () => recheckSplitVendor(slug, token ?? ''),
    onSuccess: setStatus,
    onError: (error) => toast.error(errorText(error)),
  });
  const disconnect = useMutation({
    mutationFn: (gateway: OwnAccountGatewayName) =>
      disconnectOwnAccount(slug, gateway, token ?? ''),
    onSuccess: (status, gateway) => {
      setStatus(status);
      toast.success(ACCOUNT_TEXT[gateway].disconnected);
    },
    onError: (error) => toast.error(errorText(error)),
  });

  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label={PAYOUTS_TEXT.loading}
        className="h-40 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none"
      />
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-sm text-red-700">
          {PAYOUTS_TEXT.loadError} {errorText(query.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {PAYOUTS_TEXT.retry}
        </Button>
      </div>
    );
  }
  const status = query.data;
  const account = status.account;
  const ownGateways = OWN_ACCOUNT_GATEWAYS.filter((gateway) =>
    status.modes.includes(OWN_ACCOUNT_MODE[gateway]),
  );
  const offersOwn = ownGateways.length > 0;
  const formGateway = chosenGateway ?? (isReplacing ? account?.gateway : null) ?? ownGateways[0];
  const accountText = account ? ACCOUNT_TEXT[account.gateway] : null;
  const ownTitle =
    ownGateways.length > 1
      ? PAYOUTS_TEXT.ownAccountTitle
      : ownGateways[0] === 'razorpay'
        ? PAYOUTS_TEXT.razorpay.title
        : PAYOUTS_TEXT.ownTitle;
  const afterConnect = (connected: PayoutStatus) => {
    setStatus(connected);
    setIsReplacing(false);
    setChosenGateway(null);
  };
  const offersSplit = status.modes.includes('cashfree_split');
  const vendor = status.vendor;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ownCashfreeConnectSchema.safeParse(keys);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? PAYOUTS_TEXT.loadError);
      return;
    }
    connect.mutate(parsed.data);
  };

  return (
    <section
      className="flex flex-col gap-5"
      data-settings-form="payouts"
      aria-labelledby="payouts-title"
    >
      <div className="flex flex-col gap-1">
        <h3 id="payouts-title" className="text-base font-semibold text-slate-900">
          {PAYOUTS_TEXT.title}
        </h3>
        <p className="text-sm text-slate-600">{PAYOUTS_TEXT.description}</p>
      </div>
      {status.problem ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800"
          data-payouts="problem"
        >
          {status.problem === 'keys_rejected' && account?.gateway === 'razorpay'
            ? PAYOUTS_TEXT.razorpayKeysRejected
            : PAYOUTS_TEXT.problems[status.problem]}
        </p>
      ) : (
        <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700" data-payouts="route">
          {status.route === 'own_cashfree'
            ? PAYOUTS_TEXT.ownRoute
            : status.route === 'own_razorpay'
              ? PAYOUTS_TEXT.ownRazorpayRoute
              : status.route === 'cashfree_split'
                ? PAYOUTS_TEXT.splitRoute(status.platform_fee_percent)
                : PAYOUTS_TEXT.platformRoute}
        </p>
      )}
      {!offersOwn ? (
        !offersSplit && <p className="text-sm text-slate-600">{PAYOUTS_TEXT.notOffered}</p>
      ) : (
        <div className="flex flex-col gap-4">
          <h4 className="text-sm font-semibold text-slate-900">{ownTitle}</h4>
          {account && accountText && (
            <div
              className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3"
              data-payouts="account"
            >
              <p className="text-sm text-slate-900">
                {accountText.keyId(account.key_id)} ·{' '}
                {accountText.secretEnding(account.secret_last4)} ·{' '}
                {account.webhook_secret_last4 &&
                  `${PAYOUTS_TEXT.razorpay.webhookSecretEnding(account.webhook_secret_last4)} · `}
                {PAYOUTS_TEXT.modeOf(account.environment)} ·{' '}
                <span className={account.status === 'active' ? 'text-emerald-700' : 'text-red-700'}>
                  {account.status === 'active'
                    ? PAYOUTS_TEXT.statusActive
                    : accountText.statusFailing}
                </span>
              </p>
              <div className="flex flex-col gap-1">
                <p className="text-sm font-medium text-slate-900">{accountText.webhookTitle}</p>
                <code
                  className="break-all rounded bg-slate-100 p-2 text-xs"
                  data-payouts="webhook-url"
                >
                  {account.webhook_url}
                </code>
                <p className="text-xs text-slate-500">{accountText.webhookHelp}</p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={recheck.isPending}
                  onClick={() => recheck.mutate(account.gateway)}
                >
                  {recheck.isPending ? PAYOUTS_TEXT.rechecking : PAYOUTS_TEXT.recheck}
                </Button>
                {!isReplacing && (
                  <Button variant="outline" size="sm" onClick={() => setIsReplacing(true)}>
                    {PAYOUTS_TEXT.replace}
                  </Button>
                )}
                <Button
                  variant="outline"
                  size="sm"
                  disabled={disconnect.isPending}
                  onClick={() => disconnect.mutate(account.gateway)}
                >
                  {PAYOUTS_TEXT.disconnect}
                </Button>
              </div>
            </div>
          )}
          {(!account || isReplacing) && ownGateways.length > 1 && (
            <Field label={PAYOUTS_TEXT.gatewayLabel}>
              <Select
                value={formGateway}
                onChange={(event) =>
                  setChosenGateway(event.target.value === 'razorpay' ? 'razorpay' : 'cashfree')
                }
              >
                {ownGateways.map((gateway) => (
                  <option key={gateway} value={gateway}>
                    {PAYOUTS_TEXT.gatewayNames[gateway]}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {(!account || isReplacing) && formGateway === 'razorpay' && (
            <OwnRazorpayForm slug={slug} token={token ?? ''} onDone={afterConnect} />
          )}
          {(!account || isReplacing) && formGateway === 'cashfree' && (
            <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
              <p className="text-sm text-slate-600">{PAYOUTS_TEXT.ownIntro}</p>
              <Field label={PAYOUTS_TEXT.environmentLabel}>
                <Select
                  value={keys.environment}
                  onChange={(event) =>
                    setKeys({
                      ...keys,
                      environment: event.target.value === 'production' ? 'production' : 'sandbox',
                    })
                  }
                >
                  <option value="sandbox">{PAYOUTS_TEXT.environments.sandbox}</option>
                  <option value="production">{PAYOUTS_TEXT.environments.production}</option>
                </Select>
              </Field>
              <Field label={PAYOUTS_TEXT.appIdLabel}>
                <Input
                  autoComplete="off"
                  value={keys.app_id}
                  onChange={(event) => setKeys({ ...keys, app_id: event.target.value })}
                />
              </Field>
              <Field label={PAYOUTS_TEXT.secretLabel} hint={PAYOUTS_TEXT.secretHint}>
                <Input
                  type="password"
                  autoComplete="off"
                  value={keys.secret_key}
                  onChange={(event) => setKeys({ ...keys, secret_key: event.target.value })}
                />
              </Field>
              {problem && (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {problem}
                </p>
              )}
              <div>
                <Button type="submit" disabled={connect.isPending}>
                  {connect.isPending ? PAYOUTS_TEXT.connecting : PAYOUTS_TEXT.connect}
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
      {/* The creator's own account takes precedence: split settlement is offered without one. */}
      {offersSplit && !account && (
        <div className="flex flex-col gap-3">
          <h4 className="text-sm font-semibold text-slate-900">{PAYOUTS_TEXT.splitTitle}</h4>
          {vendor ? (
            <p className="text-sm text-slate-900" data-payouts="vendor">
              {PAYOUTS_TEXT.vendorSummary(vendor.legal_name, vendor.pan_last4, vendor.payout_to)} ·{' '}
              <span
                data-vendor-status={vendor.status}
                className={vendor.status === 'active' ? 'text-emerald-700' : 'text-amber-800'}
              >
                {PAYOUTS_TEXT.vendorStatus[vendor.status]}
              </span>
            </p>
          ) : null}
          {vendor?.status === 'pending' && (
            <div>
              <Button
                variant="outline"
                size="sm"
                disabled={recheckVendor.isPending}
                onClick={() => recheckVendor.mutate()}
              >
                {recheckVendor.isPending ? PAYOUTS_TEXT.rechecking : PAYOUTS_TEXT.recheck}
              </Button>
            </div>
          )}
          {!vendor && <SplitVendorForm slug={slug} token={token ?? ''} onDone={setStatus} />}
        </div>
      )}
      <SettlementsView slug={slug} />
    </section>
  );
}
