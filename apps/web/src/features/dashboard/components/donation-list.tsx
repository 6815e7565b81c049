import type { ReactNode } from 'react';

import type { DashboardDonation } from '../dashboard.api';
import { useNow } from '../use-now';
import { DonationCard } from './donation-card';

/** Donation cards, newest first, with an optional action row per card. */
export function DonationList({
  donations,
  label,
  actions,
}: {
  donations: DashboardDonation[];
  label: string;
  actions?: (donation: DashboardDonation) => ReactNode;
}) {
  const nowMs = useNow();
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {donations.map((donation) => (
        <li key={donation.id}>
          <DonationCard donation={donation} nowMs={nowMs} actions={actions?.(donation)} />
        </li>
      ))}
    </ul>
  );
}

/** Placeholder cards while a list loads. */
export function DonationListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      {[0, 1, 2].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4"
        >
          <span className="size-10 animate-pulse rounded-full bg-slate-200" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-4 w-1/3 animate-pulse rounded bg-slate-200" />
            <span className="h-3 w-2/3 animate-pulse rounded bg-slate-100" />
          </span>
        </div>
      ))}
    </div>
  );
}
