import { Inbox } from 'lucide-react';

import type { DashboardDonation } from '../dashboard.api';
import { DASHBOARD_TEXT, DONATIONS_TEXT } from '../dashboard.constants';
import { DonationList, DonationListSkeleton } from './donation-list';

function ApprovedBody({
  donations,
  failed,
}: {
  donations: DashboardDonation[] | undefined;
  failed: boolean;
}) {
  if (donations === undefined) {
    return failed ? null : <DonationListSkeleton label={DASHBOARD_TEXT.loading} />;
  }
  if (donations.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
        <Inbox aria-hidden="true" className="size-8 text-slate-400" />
        <p className="max-w-sm text-sm text-slate-600">{DONATIONS_TEXT.approvedEmpty}</p>
      </div>
    );
  }
  return (
    <div
      role="region"
      aria-label={DONATIONS_TEXT.approvedTitle}
      tabIndex={0}
      // `relative` makes this box the containing block of the cards' screen-reader-only labels
      // (absolutely positioned), so they scroll and clip with the list instead of stretching
      // the page below it.
      className="relative max-h-[70dvh] overflow-y-auto rounded-xl pr-1"
    >
      <DonationList donations={donations} label={DONATIONS_TEXT.approvedTitle} />
    </div>
  );
}

/** The Approved Donations tab (spec 02 §2): the 50 newest, newest first, or the empty text. */
export function ApprovedDonationsTab({
  donations,
  failed,
}: {
  donations: DashboardDonation[] | undefined;
  /** The load failed; the dashboard's error banner says so and offers the retry. */
  failed: boolean;
}) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{DONATIONS_TEXT.approvedDescription}</p>
      <ApprovedBody donations={donations} failed={failed} />
    </div>
  );
}
