import { pageLanguage, type Language } from '@shabaash/core';
import { PauseCircle, RefreshCw, WifiOff } from 'lucide-react';
import { Suspense, lazy, useEffect } from 'react';
import type { ReactNode } from 'react';

import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { InLanguage, useLanguage } from '../../i18n/i18n';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { SITE_NAME } from '../../lib/meta';
import { SandboxRibbon } from '../checkout/sandbox-ribbon';
import { languageOfBrowser } from '../auth/browser-locale';
import { DonationGoalCard } from '../goals/donation-goal-card';
import type { DonationStreamer } from './donation.api';
import { DONATION_TEXT, DONATION_TOASTS } from './donation.constants';
import { useLiveStreamerProfile, usePublicStreamer } from './donation.queries';
import { THEME_PAGE_CLASSES, accentStyle } from './donation-theme';
import { FullDonationForm } from './full-donation-form';
import { NearViewport } from './near-viewport';
import { SimpleDonationForm } from './simple-donation-form';
import { StreamerHero } from './streamer-hero';

const RecentSupport = lazy(() =>
  import('./recent-support').then((module) => ({ default: module.RecentSupport })),
);
// Loaded only for an address no streamer has: no fan of a real page downloads it.
const NotFoundPage = lazy(() =>
  import('../errors/not-found-page').then((module) => ({ default: module.NotFoundPage })),
);
const TopSupporters = lazy(() =>
  import('../leaderboard/top-supporters').then((module) => ({ default: module.TopSupporters })),
);

/**
 * A streamer's public donation page `/:slug` (spec 02 §2). Streamers are data: theme, colours,
 * cover, emote picker and form variant all come from the public profile.
 */
export function DonationPage({
  slug,
  fanLanguage,
}: {
  slug: string;
  /** The fan's own choice (the language cookie), which outranks the streamer's default. */
  fanLanguage: Language | null;
}) {
  const query = usePublicStreamer(slug);

  if (query.isPending) return <DonationPageSkeleton />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      // No streamer to take the language from: the fan's choice, else their browser's.
      const language = fanLanguage ?? languageOfBrowser(globalThis.navigator?.language);
      return (
        <InLanguage language={language} areas={['ui']}>
          <Suspense fallback={null}>
            <NotFoundPage />
          </Suspense>
        </InLanguage>
      );
    }
    return <LoadError onRetry={() => void query.refetch()} isRetrying={query.isFetching} />;
  }
  return (
    <InLanguage language={pageLanguage(fanLanguage, query.data.language)} areas={['donation']}>
      <StreamerDonationPage streamer={query.data} />
    </InLanguage>
  );
}

function StreamerDonationPage({ streamer }: { streamer: DonationStreamer }) {
  // Reading the language here re-renders the whole page when the fan switches it.
  useLanguage();
  // Only a page that exists listens for its changes.
  useLiveStreamerProfile(streamer.slug);
  useEffect(() => {
    document.title = `Tip ${streamer.name} · ${SITE_NAME}`;
  }, [streamer.name]);

  return (
    <div
      className={cn('min-h-dvh', THEME_PAGE_CLASSES[streamer.theme])}
      style={accentStyle(streamer.brand_color)}
    >
      {streamer.payment.mode === 'sandbox' && <SandboxRibbon />}
      <StreamerHero streamer={streamer} />
      <main className="relative mx-auto -mt-14 flex w-full max-w-lg flex-col gap-4 px-4 pb-10">
        {/* A page in preview (no Base Plan or Bundle yet) takes no tips, like a paused one. */}
        {streamer.is_active && !streamer.is_preview ? (
          <>
            <DonationGoalCard slug={streamer.slug} />
            <Card className="p-5 sm:p-6">
              <h2 className="mb-5 text-lg font-semibold text-slate-900">
                {DONATION_TEXT.formTitle}
              </h2>
              {streamer.form_variant === 'simple' ? (
                <SimpleDonationForm streamer={streamer} />
              ) : (
                <FullDonationForm streamer={streamer} />
              )}
            </Card>
            {streamer.form_variant === 'simple' && (
              <NearViewport>
                <RecentSupport slug={streamer.slug} />
              </NearViewport>
            )}
            {streamer.show_leaderboard && (
              <NearViewport>
                <TopSupporters slug={streamer.slug} />
              </NearViewport>
            )}
          </>
        ) : (
          <StateCard
            icon={<PauseCircle aria-hidden="true" className="size-10 text-brand-700" />}
            title={streamer.is_active ? DONATION_TEXT.previewTitle : DONATION_TEXT.inactiveTitle}
          >
            {streamer.is_active
              ? DONATION_TEXT.previewNotAccepting(streamer.name)
              : DONATION_TOASTS.streamerNotAccepting}
          </StateCard>
        )}
        <p className="text-center text-xs text-slate-500">{DONATION_TEXT.securedBy}</p>
      </main>
    </div>
  );
}

function StateCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-3 p-6 text-center sm:p-8">
      {icon}
      <h2 className="text-xl font-bold text-slate-900">{title}</h2>
      <div className="text-slate-600">{children}</div>
    </Card>
  );
}

function LoadError({ onRetry, isRetrying }: { onRetry: () => void; isRetrying: boolean }) {
  return (
    <div className="flex min-h-dvh items-start justify-center bg-slate-50 px-4 pt-16 sm:items-center sm:pt-0">
      <div role="alert" className="w-full max-w-md">
        <StateCard
          icon={<WifiOff aria-hidden="true" className="size-10 text-slate-500" />}
          title={DONATION_TEXT.loadErrorTitle}
        >
          <p>{DONATION_TEXT.loadErrorText}</p>
          <Button onClick={onRetry} disabled={isRetrying} className="mt-5">
            <RefreshCw
              aria-hidden="true"
              className={cn('size-4', isRetrying && 'animate-spin motion-reduce:animate-none')}
            />
            {DONATION_TEXT.tryAgain}
          </Button>
        </StateCard>
      </div>
    </div>
  );
}

/** The page's shape while the profile loads, so nothing jumps when it arrives. */
function DonationPageSkeleton() {
  return (
    <div aria-busy="true" className="min-h-dvh bg-slate-50">
      <span className="sr-only" role="status">
        {DONATION_TEXT.loading}
      </span>
      <div className="h-48 animate-pulse bg-slate-300 motion-reduce:animate-none" />
      <div className="relative mx-auto -mt-14 w-full max-w-lg px-4">
        <Card className="flex flex-col gap-5 p-5 sm:p-6">
          {[28, 44, 72, 48, 96, 48].map((height, index) => (
            <div
              key={index}
              className="animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none"
              style={{ height }}
            />
          ))}
        </Card>
      </div>
    </div>
  );
}
