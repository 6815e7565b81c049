import { Eye, Sparkles } from 'lucide-react';
import { Link } from 'react-router';

import { buttonStyles } from '../../components/ui/button';
import { plansPagePath } from './plans.api';
import { PLANS_TEXT } from './plans.constants';
import { useStreamerPlans } from './use-streamer-plans';

/**
 * The dashboard's line about plans: a page in preview says so and leads to buying one; a live
 * page gets a quiet link to its plans. Nothing shows until the answer is in.
 */
export function PlanStatusBanner({ slug }: { slug: string }) {
  const plans = useStreamerPlans(slug);
  if (!plans.data) return null;
  if (plans.data.is_preview) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
        <p className="flex items-start gap-2 text-sm">
          <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>{PLANS_TEXT.previewTitle}.</strong> {PLANS_TEXT.previewText}
          </span>
        </p>
        <Link to={plansPagePath(slug)} className={buttonStyles({ size: 'sm' })}>
          {PLANS_TEXT.choosePlan}
        </Link>
      </div>
    );
  }
  return (
    <Link
      to={plansPagePath(slug)}
      className="flex items-center gap-1.5 self-start text-sm text-slate-600 underline"
    >
      <Sparkles aria-hidden="true" className="size-4" />
      {PLANS_TEXT.managePlans}
    </Link>
  );
}
