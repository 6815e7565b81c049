import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { CenteredPage } from '../../components/centered-page';
import { Button, buttonStyles } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { RequireSession } from '../auth/require-session';
import { dashboardPath } from '../dashboard/dashboard.api';
import { useMyStreamers } from '../dashboard/use-dashboard-queries';
import { FALLBACK_TEST_SLUG, TEST_ALERTS_TEXT } from './test-alerts.constants';
import { useSendTestAlert } from './use-send-test-alert';

/**
 * `/test-alerts` (spec 02 §2): sends a test alert to a streamer's open overlays. Sign-in is
 * required (DESIGN.md): a signed-out visitor goes to /auth and comes back here.
 */
export function TestAlertsPage() {
  return <RequireSession>{() => <TestAlertForm />}</RequireSession>;
}

function TestAlertForm() {
  const streamers = useMyStreamers();
  const sendTestAlert = useSendTestAlert();
  // null until the user types: the field then follows the default as the streamer list loads.
  const [typedSlug, setTypedSlug] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const listId = useId();

  const defaultSlug = streamers.data?.[0]?.streamer_slug ?? FALLBACK_TEST_SLUG;
  const slug = typedSlug ?? defaultSlug;
  const trimmedSlug = slug.trim().toLowerCase();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmedSlug) {
      setError(TEST_ALERTS_TEXT.slugRequired);
      return;
    }
    setError(undefined);
    sendTestAlert.mutate(trimmedSlug);
  };

  return (
    <CenteredPage>
      <Card className="w-full max-w-lg p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          {TEST_ALERTS_TEXT.title}
        </h1>
        <p className="mt-2 text-slate-600">{TEST_ALERTS_TEXT.description}</p>

        <form className="mt-6 flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
          <Field label={TEST_ALERTS_TEXT.slugLabel} hint={TEST_ALERTS_TEXT.slugHint} error={error}>
            <Input
              name="slug"
              value={slug}
              onChange={(event) => setTypedSlug(event.target.value)}
              list={listId}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
            />
          </Field>
          <datalist id={listId}>
            {streamers.data?.map((streamer) => (
              <option key={streamer.streamer_slug} value={streamer.streamer_slug}>
                {streamer.streamer_name}
              </option>
            ))}
          </datalist>
          <Button type="submit" size="lg" disabled={sendTestAlert.isPending}>
            {sendTestAlert.isPending ? TEST_ALERTS_TEXT.sending : TEST_ALERTS_TEXT.send}
          </Button>
        </form>

        <section className="mt-6 rounded-xl bg-brand-50 p-4 text-sm text-slate-700 ring-1 ring-brand-100">
          <h2 className="font-semibold text-slate-900">{TEST_ALERTS_TEXT.howItWorksTitle}</h2>
          <p className="mt-1">{TEST_ALERTS_TEXT.howItWorks}</p>
          <p className="mt-2">
            {TEST_ALERTS_TEXT.overlayUrlLabel}{' '}
            <code className="rounded bg-white px-1.5 py-0.5 text-xs break-all text-slate-900 ring-1 ring-slate-200">
              /{trimmedSlug || FALLBACK_TEST_SLUG}/obs-alerts?token=obs_…
            </code>
          </p>
          <p className="mt-2">{TEST_ALERTS_TEXT.tokenHint}</p>
          {trimmedSlug && (
            <Link
              to={dashboardPath(trimmedSlug)}
              className={buttonStyles({ variant: 'outline', size: 'sm', className: 'mt-3' })}
            >
              {TEST_ALERTS_TEXT.openDashboard}
            </Link>
          )}
        </section>
      </Card>
    </CenteredPage>
  );
}
