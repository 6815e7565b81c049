import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

import { CenteredPage } from '../../../components/centered-page';
import { Card } from '../../../components/ui/card';

/**
 * A full-page message for the dashboard's non-content states (no access, access denied, sign-in
 * required, load failure): icon, title, one sentence and the way forward.
 */
export function DashboardMessage({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  /** The actions: buttons or button-styled links. */
  children?: ReactNode;
}) {
  return (
    <CenteredPage>
      <Card className="w-full max-w-md p-6 text-center sm:p-8">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-brand-100 text-brand-800">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-balance text-slate-900">
          {title}
        </h1>
        <p className="mt-3 text-pretty text-slate-600">{description}</p>
        {children ? (
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
        ) : null}
      </Card>
    </CenteredPage>
  );
}
