import { Hourglass } from 'lucide-react';
import { useId } from 'react';

import { Badge } from '../../../components/ui/badge';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import type { DashboardDonation } from '../dashboard.api';
import { DONATIONS_TEXT, pendingOverflowText } from '../dashboard.constants';
import { DonationList } from './donation-list';
import { ModerationActions } from './moderation-actions';

/**
 * Paid donations held for review, with Approve / Reject (spec 02 §2). Shown while anything is
 * waiting: the list, or the stat card's count while the list catches up.
 */
export function PendingReviewSection({
  slug,
  donations,
  pendingCount,
}: {
  slug: string;
  donations: DashboardDonation[] | undefined;
  pendingCount: number | undefined;
}) {
  const headingId = useId();
  const listed = donations ?? [];
  const total = Math.max(pendingCount ?? 0, listed.length);
  if (total === 0) return null;

  return (
    <section aria-labelledby={headingId}>
      <Card className="border-amber-200 bg-amber-50/40">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Hourglass aria-hidden="true" className="size-5 text-amber-700" />
            <span id={headingId}>{DONATIONS_TEXT.pendingTitle}</span>
            <Badge variant="warning">{total.toLocaleString('en-IN')}</Badge>
          </CardTitle>
          <CardDescription>{DONATIONS_TEXT.pendingDescription}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {listed.length === 0 ? (
            <p className="text-sm text-slate-600">{DONATIONS_TEXT.pendingEmpty}</p>
          ) : (
            <DonationList
              donations={listed}
              label={DONATIONS_TEXT.pendingTitle}
              actions={(donation) => <ModerationActions slug={slug} donationId={donation.id} />}
            />
          )}
          {total > listed.length && listed.length > 0 ? (
            <p className="text-xs text-slate-500">{pendingOverflowText(listed.length, total)}</p>
          ) : null}
        </CardContent>
      </Card>
    </section>
  );
}
