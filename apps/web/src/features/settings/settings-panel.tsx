import { Settings } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Tabs, type TabItem } from '../../components/ui/tabs';
import { errorText } from '../../lib/api-error';
import { isUnauthorized } from '../auth/require-session';
import { AlertSettingsForm } from './alert-settings-form';
import { MediaTipsSettingsForm } from './media-tips-settings-form';
import { ModerationSettingsForm } from './moderation-settings-form';
import { MoneySettingsForm } from './money-settings-form';
import { PageSettingsForm } from './page-settings-form';
import { SETTINGS_TEXT } from './settings.constants';
import { SpeechSettingsForm } from './speech-settings-form';
import { useStreamerSettings } from './settings.queries';
import { YoutubeChatSection } from './youtube-chat-section';
import { YOUTUBE_TEXT } from './youtube-chat.constants';
import { PayoutsSection } from '../payouts/payouts-section';
import { PAYOUTS_TEXT } from '../payouts/payouts.constants';

type Section = 'page' | 'money' | 'alerts' | 'moderation' | 'youtube' | 'payouts';

const SECTION_ORDER: Section[] = ['page', 'money', 'alerts', 'moderation', 'youtube', 'payouts'];

/** The section tabs, made in render so they read the labels in the dashboard's language. */
function sectionItems(): Array<TabItem<Section>> {
  const labels: Record<Section, string> = {
    page: SETTINGS_TEXT.pageTab,
    money: SETTINGS_TEXT.moneyTab,
    alerts: SETTINGS_TEXT.alertsTab,
    moderation: SETTINGS_TEXT.moderationTab,
    youtube: YOUTUBE_TEXT.tab,
    payouts: PAYOUTS_TEXT.tab,
  };
  return SECTION_ORDER.map((value) => ({ value, label: labels[value] }));
}

/**
 * The dashboard's Settings tab for one streamer (members and admins): page, money, alerts and
 * moderation, each saved on its own with optimistic UI. Self-contained: it reads the session
 * itself and needs only the slug.
 */
export function SettingsPanel({ slug }: { slug: string }) {
  const query = useStreamerSettings(slug);
  // `?section=` opens one directly (Google's sign-in returns to the YouTube section so).
  const [searchParams] = useSearchParams();
  const requested = SECTION_ORDER.find((value) => value === searchParams.get('section'));
  const [section, setSection] = useState<Section>(requested ?? 'page');

  return (
    <Card data-settings-panel={slug}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Settings aria-hidden="true" className="size-5 text-brand-700" />
          {SETTINGS_TEXT.title}
        </CardTitle>
        <CardDescription>{SETTINGS_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending || isUnauthorized(query.error) ? (
          <div
            role="status"
            aria-label={SETTINGS_TEXT.loading}
            className="h-64 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none"
          />
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="text-sm text-red-700">
              {SETTINGS_TEXT.loadError} {errorText(query.error)}
            </p>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {SETTINGS_TEXT.retry}
            </Button>
          </div>
        ) : (
          <Tabs
            items={sectionItems()}
            value={section}
            onChange={setSection}
            label={SETTINGS_TEXT.sectionsLabel}
          >
            {section === 'page' && <PageSettingsForm slug={slug} settings={query.data} />}
            {section === 'money' && <MoneySettingsForm slug={slug} settings={query.data} />}
            {section === 'alerts' && (
              <div className="flex flex-col gap-6">
                <AlertSettingsForm slug={slug} settings={query.data} />
                <SpeechSettingsForm slug={slug} />
              </div>
            )}
            {section === 'moderation' && (
              <div className="flex flex-col gap-6">
                <ModerationSettingsForm slug={slug} settings={query.data} />
                <MediaTipsSettingsForm slug={slug} />
              </div>
            )}
            {section === 'youtube' && <YoutubeChatSection slug={slug} />}
            {section === 'payouts' && <PayoutsSection slug={slug} />}
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}
