import type { PublicStreamer } from '@shabaash/core';
import { DEFAULT_LANGUAGE, backToDonationPath, orderIdSlug, pageLanguage } from '@shabaash/core';
import { CircleX, Clock, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';

import { CenteredPage } from '../../components/centered-page';
import { Button, buttonStyles } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { InLanguage, cookieLanguage } from '../../i18n/i18n';
import { cn } from '../../lib/cn';
import { usePublicStreamer } from '../donation/donation.queries';
import { clearFormDraft } from '../donation/form-draft';
import { useSiteConfig } from '../site-config/use-site-config';
import { Celebration } from './celebration';
import { ReceiptConsent } from '../privacy-notice/receipt-consent';
import { OUTCOME_TEXT, PAYMENT_STATUS_TEXT as TEXT } from './payment-status.constants';
import { useOrderStatus } from './payment-status.api';
import {
  orderDetails,
  orderStreamerFrom,
  statusView,
  type PageOutcome,
} from './payment-status-view';

const OUTCOME_ICONS: Record<Exclude<PageOutcome, 'success' | 'held'>, ReactNode> = {
  pending: <Clock aria-hidden="true" className="size-14 text-amber-500" />,
  cancelled: <CircleX aria-hidden="true" className="size-14 text-slate-400" />,
  failure: <CircleX aria-hidden="true" className="size-14 text-red-500" />,
};

/** Paid outcomes celebrate; the others may still change, so they offer a refresh. */
const isPaid = (outcome: PageOutcome) => outcome === 'success' || outcome === 'held';
const mayStillChange = (outcome: PageOutcome) => outcome === 'pending' || outcome === 'cancelled';

/**
 * The payment result page `/status?order_id=…&status=…` (spec 02 §2 and §4). It only displays:
 * the server decides from signed webhooks and provider look-ups, and its answer wins over the
 * URL's status.
 */
export function PaymentStatusPage() {
  const [searchParams] = useSearchParams();
  const slug = orderIdSlug(searchParams.get('order_id'));
  const streamerQuery = usePublicStreamer(slug ?? '', { enabled: slug !== null });
  const fanLanguage = cookieLanguage();
  // The page speaks the fan's language, else their streamer's: a fan who never chose waits for
  // the profile the page reads anyway, so no text changes language under their eyes.
  if (fanLanguage === null && slug !== null && streamerQuery.isPending) return null;
  const language = pageLanguage(fanLanguage, streamerQuery.data?.language ?? DEFAULT_LANGUAGE);
  return (
    <InLanguage language={language} areas={['status']}>
      <PaymentStatus />
    </InLanguage>
  );
}

function PaymentStatus() {
  const [searchParams] = useSearchParams();
  const orderId = searchParams.get('order_id');
  const statusQuery = useOrderStatus(orderId);
  const response = statusQuery.isError ? null : (statusQuery.data ?? null);

  // The streamer the order id names: Back to Donation Page goes to their page, and on success
  // their profile says whether it is the cover theme (floating emotes) and names whom the fan
  // supported. An id that names no streamer goes back to the default streamer (a site setting).
  const slug = orderIdSlug(orderId);
  const streamerQuery = usePublicStreamer(slug ?? '', { enabled: slug !== null });
  const orderStreamer = orderStreamerFrom(slug, streamerQuery);
  const siteConfig = useSiteConfig({ enabled: orderId !== null && orderStreamer === null });
  const backPath = backToDonationPath({
    orderId,
    orderStreamer,
    defaultStreamer: siteConfig.data?.default_streamer,
  });

  const view = statusView({
    orderId,
    urlStatus: searchParams.get('status'),
    // The look-ups run beside the check; waiting for them means the button never shows a page
    // it would have to change.
    isChecking: statusQuery.isFetching || statusQuery.isPending || backPath === null,
    response,
  });
  const streamer = view === 'success' || view === 'held' ? streamerQuery.data : undefined;

  useEffect(() => {
    if (statusQuery.error) console.warn('Payment status check failed:', statusQuery.error);
  }, [statusQuery.error]);

  // Paid: the donation form starts empty next time (it was kept for a failed or cancelled try).
  const isPaid = view === 'success' || view === 'held';
  useEffect(() => {
    if (isPaid && slug) clearFormDraft(slug);
  }, [isPaid, slug]);

  return (
    <CenteredPage>
      <div className="flex w-full max-w-md flex-col items-center">
        <Card className="w-full max-w-md p-6 text-center sm:p-8">
          <div aria-live="polite" className="flex flex-col items-center">
            {view === 'checking' ? (
              <div className="flex flex-col items-center gap-4 py-8">
                <Spinner label={TEXT.checking} />
                <p className="font-medium text-slate-700">{TEXT.checking}</p>
              </div>
            ) : (
              <OutcomePanel
                outcome={view}
                orderId={orderId}
                details={orderDetails(response)}
                streamer={streamer}
                backPath={backPath ?? '/'}
                onRefresh={() => void statusQuery.refetch()}
              />
            )}
          </div>
        </Card>
        {/* Issue 29: the fan's one-click withdrawal, keyed by the receipt's private order id. */}
        {orderId && response?.consent && (
          <ReceiptConsent orderId={orderId} consent={response.consent} />
        )}
      </div>
    </CenteredPage>
  );
}

function OutcomePanel({
  outcome,
  orderId,
  details,
  streamer,
  backPath,
  onRefresh,
}: {
  outcome: PageOutcome;
  orderId: string | null;
  details: { amount: string | null; customerName: string | null };
  streamer: Pick<PublicStreamer, 'name' | 'theme'> | undefined;
  /** Where Back to Donation Page goes (backToDonationPath). */
  backPath: string;
  onRefresh: () => void;
}) {
  const text = OUTCOME_TEXT[outcome];
  return (
    <>
      {outcome === 'success' || outcome === 'held' ? (
        <Celebration withFloatingEmotes={streamer?.theme === 'cover'} />
      ) : (
        OUTCOME_ICONS[outcome]
      )}
      <h1
        className={cn(
          'mt-4 text-2xl font-bold tracking-tight sm:text-3xl',
          isPaid(outcome) && 'text-emerald-700',
          outcome === 'pending' && 'text-amber-700',
          outcome === 'cancelled' && 'text-slate-800',
          outcome === 'failure' && 'text-red-700',
        )}
      >
        {text.title}
      </h1>
      <p className="mt-2 text-pretty text-slate-600">{text.description}</p>
      {isPaid(outcome) && streamer && (
        <p className="mt-1 font-medium text-pretty text-slate-800">
          {TEXT.thanksTo(streamer.name)}
        </p>
      )}

      {orderId && (
        <dl className="mt-6 w-full divide-y divide-slate-100 rounded-xl bg-slate-50 px-4 text-left text-sm">
          <DetailRow label={TEXT.orderIdLabel}>
            <span translate="no" className="font-mono text-xs break-all">
              {orderId}
            </span>
          </DetailRow>
          {details.amount && (
            <DetailRow label={TEXT.amountLabel}>
              <span className="font-semibold tabular-nums">{details.amount}</span>
            </DetailRow>
          )}
          {details.customerName && (
            <DetailRow label={TEXT.nameLabel}>
              <span className="break-words">{details.customerName}</span>
            </DetailRow>
          )}
        </dl>
      )}

      <div className="mt-6 flex w-full flex-col gap-2">
        {mayStillChange(outcome) && (
          <Button onClick={onRefresh} className="w-full">
            <RefreshCw aria-hidden="true" className="size-4" />
            {TEXT.refreshStatus}
          </Button>
        )}
        <Link
          to={backPath}
          className={buttonStyles({
            variant: mayStillChange(outcome) ? 'outline' : 'primary',
            className: 'w-full',
          })}
        >
          {TEXT.backToDonationPage}
        </Link>
      </div>
    </>
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2.5">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className="min-w-0 text-right text-slate-900">{children}</dd>
    </div>
  );
}
