import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';

import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { DASHBOARD_TEXT } from '../dashboard.constants';

/**
 * The dashboard body until stats, donations, Telegram and OBS setup arrive: says plainly what
 * will appear here, and links the streamer's public tip page.
 */
export function DashboardSetupNotice({ slug }: { slug: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{DASHBOARD_TEXT.comingTitle}</CardTitle>
        <CardDescription>{DASHBOARD_TEXT.comingText}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <ul className="flex flex-col gap-3">
          {DASHBOARD_TEXT.comingSections.map((section) => (
            <li key={section} className="flex gap-3 text-sm text-slate-700">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
              {section}
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-600">
          {DASHBOARD_TEXT.tipPageLabel}:{' '}
          <Link to={`/${slug}`} className="font-medium text-brand-800 underline underline-offset-2">
            /{slug}
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}
