import { formatRupees } from '@shabaash/core';
import type { LucideIcon } from 'lucide-react';
import { CalendarDays, Hourglass, IndianRupee, TrendingUp } from 'lucide-react';

import { donationCountText, STATS_TEXT } from '../dashboard.constants';
import type { DashboardStats } from '../dashboard.api';

function StatCard({
  icon: Icon,
  label,
  value,
  hint,
}: {
  icon: LucideIcon;
  label: string;
  value: string | null;
  hint: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
      <dt className="flex items-center gap-2 text-xs font-medium text-slate-600 sm:text-sm">
        <span className="hidden size-8 shrink-0 place-items-center rounded-lg bg-brand-100 text-brand-800 min-[400px]:grid">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-xl font-bold tracking-tight break-words text-slate-900 tabular-nums sm:text-2xl">
        {value ?? (
          <span className="block h-8 w-24 animate-pulse rounded-md bg-slate-200">
            <span className="sr-only">…</span>
          </span>
        )}
      </dd>
      <dd className="text-xs text-slate-500">{hint}</dd>
    </div>
  );
}

/**
 * The four stat cards (spec 02 §2): Total Revenue with the count of donations, Today's Revenue
 * (India day), Average Donation and Pending Review, over successful payments. `stats` is
 * undefined while loading.
 */
export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <section aria-label={STATS_TEXT.regionLabel}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          icon={IndianRupee}
          label={STATS_TEXT.totalRevenue}
          value={stats ? formatRupees(stats.total_revenue_paise) : null}
          hint={stats ? donationCountText(stats.donation_count) : ''}
        />
        <StatCard
          icon={CalendarDays}
          label={STATS_TEXT.todayRevenue}
          value={stats ? formatRupees(stats.today_revenue_paise) : null}
          hint={STATS_TEXT.todayHint}
        />
        <StatCard
          icon={TrendingUp}
          label={STATS_TEXT.averageDonation}
          value={stats ? formatRupees(stats.average_donation_paise) : null}
          hint={STATS_TEXT.averageHint}
        />
        <StatCard
          icon={Hourglass}
          label={STATS_TEXT.pendingReview}
          value={stats ? stats.pending_review.toLocaleString('en-IN') : null}
          hint={STATS_TEXT.pendingHint}
        />
      </dl>
    </section>
  );
}
