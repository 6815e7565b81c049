import { SETTINGS_LIMITS, type CreatedPage } from '@shabaash/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { Button, buttonStyles } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/lazy-toast';
import { FullPageSpinner } from '../auth/full-page-spinner';
import { LogoutButton } from '../auth/logout-button';
import { RequireSession } from '../auth/require-session';
import type { SignedInSession } from '../auth/session-context';
import { VIEWER_QUERY_ROOT } from '../auth/session-query-keys';
import { DashboardShell } from '../dashboard/components/dashboard-shell';
import { LoadErrorMessage } from '../dashboard/components/load-error-message';
import { dashboardPath } from '../dashboard/dashboard.api';
import { planCheckoutPath, readChosenPlan } from '../plans/chosen-plan';
import { ImageUploadField } from '../settings/image-upload-field';
import { useStreamerSettings } from '../settings/settings.queries';
import { createPageRequest } from './onboarding.api';
import { CREATE_PAGE_TEXT, slugReasonText } from './onboarding.constants';
import { PagePreview } from './page-preview';
import { useSlugAvailability } from './use-slug-availability';
import { VerifyEmailNotice } from './verify-email-notice';

/** A new page's look until the creator changes it (the server's defaults for a new streamer). */
const DEFAULT_THEME = 'blue';
const DEFAULT_COLOR = '#2563eb';
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * /dashboard/create (issue 22): a signed-in creator's own way to a page. Unverified, it asks for
 * the e-mailed link first; verified, it asks for the address, name and colour with a preview,
 * creates the page, then offers the avatar upload and the way into the new dashboard.
 */
export function CreatePagePage() {
  return <RequireSession>{(session) => <CreatePageFlow session={session} />}</RequireSession>;
}

function CreatePageFlow({ session }: { session: SignedInSession }) {
  const [created, setCreated] = useState<CreatedPage['streamer'] | null>(null);

  return (
    <DashboardShell>
      <header className="flex items-start justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {CREATE_PAGE_TEXT.pageTitle}
          </h1>
          {session.user.email_verified && !created ? (
            <p className="text-slate-600">{CREATE_PAGE_TEXT.description}</p>
          ) : null}
        </div>
        <LogoutButton />
      </header>
      {!session.user.email_verified ? (
        <Card className="p-5 sm:p-6">
          <VerifyEmailNotice email={session.user.email} />
        </Card>
      ) : created ? (
        <AvatarStep streamer={created} />
      ) : (
        <PageDetailsForm onCreated={setCreated} token={session.token} />
      )}
      {created ? null : <HelpCard />}
    </DashboardShell>
  );
}

function PageDetailsForm({
  token,
  onCreated,
}: {
  token: string;
  onCreated: (streamer: CreatedPage['streamer']) => void;
}) {
  const queryClient = useQueryClient();
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [color, setColor] = useState(DEFAULT_COLOR);
  const [problem, setProblem] = useState<string | null>(null);
  const { availability, isChecking } = useSlugAvailability(slug);
  const create = useMutation({
    mutationFn: () => createPageRequest({ slug: slug.trim(), name, brand_color: color }, token),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setProblem(null);
    create.mutate(undefined, {
      onSuccess: (result) => {
        // The chooser and the dashboard read "my streamers": the new page is one of them now.
        void queryClient.invalidateQueries({ queryKey: [VIEWER_QUERY_ROOT] });
        toast.success(CREATE_PAGE_TEXT.created);
        onCreated(result.streamer);
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };

  const slugError =
    availability && !availability.available && availability.reason
      ? slugReasonText(availability.reason)
      : undefined;
  const slugStatus = isChecking
    ? CREATE_PAGE_TEXT.checking
    : availability?.available
      ? CREATE_PAGE_TEXT.slugAvailable
      : CREATE_PAGE_TEXT.slugHint;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="p-5 sm:p-6">
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
          <Field
            label={CREATE_PAGE_TEXT.slugLabel}
            hint={slugStatus}
            error={slugError ?? undefined}
          >
            <Input
              name="slug"
              value={slug}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={30}
              placeholder="yourname"
              translate="no"
              onChange={(event) => setSlug(event.target.value.toLowerCase())}
            />
          </Field>
          <p className="-mt-3 text-xs break-all text-slate-500" aria-live="polite">
            <span translate="no">{CREATE_PAGE_TEXT.slugPrefix(origin)}</span>
            <span translate="no" className="font-semibold text-slate-800">
              {slug.trim() || 'yourname'}
            </span>
          </p>
          <Field label={CREATE_PAGE_TEXT.nameLabel} hint={CREATE_PAGE_TEXT.nameHint}>
            <Input
              name="name"
              value={name}
              autoComplete="nickname"
              maxLength={SETTINGS_LIMITS.displayNameMaxChars}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <Field label={CREATE_PAGE_TEXT.colorLabel} hint={CREATE_PAGE_TEXT.colorHint}>
            <div className="flex items-center gap-3">
              <input
                type="color"
                aria-label={CREATE_PAGE_TEXT.colorLabel}
                value={HEX_COLOR.test(color) ? color : '#000000'}
                onChange={(event) => setColor(event.target.value)}
                className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
              />
              <Input
                name="brand_color"
                value={color}
                spellCheck={false}
                onChange={(event) => setColor(event.target.value)}
                className="font-mono"
              />
            </div>
          </Field>
          {problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          )}
          <Button
            type="submit"
            className="w-full"
            disabled={create.isPending || availability?.available === false}
          >
            {create.isPending ? CREATE_PAGE_TEXT.creating : CREATE_PAGE_TEXT.create}
          </Button>
        </form>
      </Card>
      <PagePreview
        brandColor={HEX_COLOR.test(color) ? color : DEFAULT_COLOR}
        streamer={{
          name: name.trim() || CREATE_PAGE_TEXT.namePlaceholder,
          theme: DEFAULT_THEME,
          cover_image_url: null,
          avatar_url: null,
          welcome_text: '',
          social_links: [],
        }}
      />
    </div>
  );
}

/** After creation: the avatar (the settings tab's own upload), the preview, and the way on. */
function AvatarStep({ streamer }: { streamer: CreatedPage['streamer'] }) {
  // A plan chosen on a pricing card before sign-up: its checkout is the next step.
  const [chosenPlan] = useState(readChosenPlan);
  const settings = useStreamerSettings(streamer.slug);

  if (settings.isPending) return <FullPageSpinner label={CREATE_PAGE_TEXT.checking} />;
  if (settings.isError) {
    return (
      <LoadErrorMessage onRetry={() => void settings.refetch()} isRetrying={settings.isFetching} />
    );
  }
  const page = settings.data.page;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="flex flex-col gap-5 p-5 sm:p-6">
        <p role="status" className="flex items-center gap-2 font-semibold text-slate-900">
          <CheckCircle2 aria-hidden="true" className="size-5 text-green-600" />
          {CREATE_PAGE_TEXT.created}
        </p>
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold text-slate-900">{CREATE_PAGE_TEXT.avatarTitle}</h2>
          <p className="text-sm text-slate-600">{CREATE_PAGE_TEXT.avatarText}</p>
        </div>
        <ImageUploadField slug={streamer.slug} slot="avatar" url={page.avatar_url} />
        <div className="flex flex-col gap-3 sm:flex-row">
          {chosenPlan && (
            <Link to={planCheckoutPath(streamer.slug, chosenPlan)} className={buttonStyles()}>
              {CREATE_PAGE_TEXT.continueToPlan(chosenPlan.name)}
            </Link>
          )}
          <Link
            to={dashboardPath(streamer.slug)}
            className={buttonStyles(chosenPlan ? { variant: 'outline' } : {})}
          >
            {CREATE_PAGE_TEXT.goToDashboard}
          </Link>
          <a
            href={`/${encodeURIComponent(streamer.slug)}`}
            target="_blank"
            rel="noopener"
            className={buttonStyles({ variant: 'outline' })}
          >
            {CREATE_PAGE_TEXT.openPage}
          </a>
        </div>
      </Card>
      <PagePreview brandColor={page.brand_color} streamer={page} />
    </div>
  );
}

/** The lead form stays for creators who want the team's help (issue 22 item 6). */
function HelpCard() {
  return (
    <Card className="flex flex-col gap-2 p-5 sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{CREATE_PAGE_TEXT.helpTitle}</h2>
      <p className="text-sm text-slate-600">{CREATE_PAGE_TEXT.helpText}</p>
      <Link to="/" className="self-start text-sm font-medium text-brand-800 underline">
        {CREATE_PAGE_TEXT.helpLink}
      </Link>
    </Card>
  );
}
