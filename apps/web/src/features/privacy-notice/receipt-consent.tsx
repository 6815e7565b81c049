import { PRIVACY_RIGHTS_PATH, type OrderConsents, type WithdrawablePurpose } from '@shabaash/core';
import { useState } from 'react';

import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FieldError } from '../../components/ui/field';
import { apiFetch } from '../../lib/api';
import { RECEIPT_CONSENT_TEXT as TEXT } from './privacy-notice.constants';

/** One click withdraws a consent; the server answers the tip's consents as they now are. */
function withdrawConsent(orderId: string, purpose: WithdrawablePurpose) {
  return apiFetch<{ consent: OrderConsents }>(
    `/api/orders/${encodeURIComponent(orderId)}/consent/withdraw`,
    { method: 'POST', body: { purpose } },
  );
}

/**
 * The receipt page's "your data" panel (issue 29): what this tip shows of the fan, and a
 * one-click withdrawal of each consent, as easy as ticking it was. The private receipt link is
 * the credential, so no sign-in is asked.
 */
export function ReceiptConsent({ orderId, consent }: { orderId: string; consent: OrderConsents }) {
  const [current, setCurrent] = useState(consent);
  const [busy, setBusy] = useState<WithdrawablePurpose | null>(null);
  const [error, setError] = useState<string | undefined>();

  const withdraw = async (purpose: WithdrawablePurpose) => {
    setBusy(purpose);
    setError(undefined);
    try {
      setCurrent((await withdrawConsent(orderId, purpose)).consent);
    } catch {
      setError(TEXT.failed);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card className="mt-4 w-full max-w-md p-5 text-left text-sm text-slate-700">
      <h2 className="mb-2 text-base font-semibold text-slate-900">{TEXT.heading}</h2>
      <div className="flex flex-col gap-3">
        <p data-consent-state={current.stream_display}>{TEXT.stream[current.stream_display]}</p>
        {current.stream_display === 'given' && (
          <Button
            variant="outline"
            disabled={busy !== null}
            onClick={() => void withdraw('stream_display')}
          >
            {TEXT.withdrawStream}
          </Button>
        )}
        {current.marketing !== 'not_given' && (
          <p data-consent-state={current.marketing}>{TEXT.marketing[current.marketing]}</p>
        )}
        {current.marketing === 'given' && (
          <Button
            variant="outline"
            disabled={busy !== null}
            onClick={() => void withdraw('marketing')}
          >
            {TEXT.withdrawMarketing}
          </Button>
        )}
        <FieldError id={undefined} error={error} />
        {/* The receipt's order id proves the fan there too: the page opens this tip at once. */}
        <a
          href={`${PRIVACY_RIGHTS_PATH}?order_id=${encodeURIComponent(orderId)}`}
          className="font-medium text-brand-700 underline"
        >
          {TEXT.rightsLink}
        </a>
      </div>
    </Card>
  );
}
