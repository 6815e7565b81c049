import { MAIL_LOCALES, type AccountSession } from '@shabaash/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';

import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/lazy-toast';
import { AUTH_MESSAGE_TEXT } from '../auth/auth.constants';
import { LogoutButton } from '../auth/logout-button';
import { RequireSession } from '../auth/require-session';
import { useSession } from '../auth/use-session';
import { DashboardShell } from '../dashboard/components/dashboard-shell';
import { formatIndiaDateTime } from '../dashboard/relative-time';
import { ACCOUNT_TEXT, MAIL_LOCALE_NAMES } from './account.constants';
import { deviceLabel } from './device-label';
import {
  useAccountSessions,
  useChangePassword,
  useRevokeOtherSessions,
  useRevokeSession,
  useUpdateMailLocale,
} from './use-account';
import { PasswordField } from '../auth/components/password-field';
import { AccountDataCard } from '../privacy/account-data-card';

/**
 * /account: change the password and the e-mail language, and see and end the account's
 * sessions.
 */
export function AccountPage() {
  return (
    <RequireSession>
      {() => (
        <DashboardShell>
          <header className="flex flex-wrap items-center justify-between gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">
              {ACCOUNT_TEXT.title}
            </h1>
            <div className="flex items-center gap-2">
              <Link to="/dashboard" className="text-sm text-slate-600 underline">
                {ACCOUNT_TEXT.backToDashboard}
              </Link>
              <LogoutButton />
            </div>
          </header>
          <ChangePasswordCard />
          <MailLanguageCard />
          <SessionsCard />
          <AccountDataCard />
        </DashboardShell>
      )}
    </RequireSession>
  );
}

function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const change = useChangePassword();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{ACCOUNT_TEXT.passwordTitle}</h2>
        <CardDescription>{ACCOUNT_TEXT.passwordDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={handleSubmit} className="flex max-w-sm flex-col gap-4">
          <PasswordField
            label={ACCOUNT_TEXT.currentPasswordLabel}
            name="current-password"
            autoComplete="current-password"
            value={current}
            onChange={setCurrent}
          />
          <PasswordField
            label={ACCOUNT_TEXT.newPasswordLabel}
            hint={ACCOUNT_TEXT.newPasswordHint}
            error={change.isError ? errorText(change.error) : undefined}
            name="new-password"
            autoComplete="new-password"
            value={next}
            onChange={setNext}
          />
          {change.isSuccess ? (
            <p role="status" className="text-sm text-emerald-700">
              {AUTH_MESSAGE_TEXT.passwordChanged}
            </p>
          ) : null}
          <Button type="submit" className="self-start" disabled={change.isPending}>
            {change.isPending
              ? ACCOUNT_TEXT.changePasswordPending
              : ACCOUNT_TEXT.changePasswordButton}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The language of the e-mails this account receives; saved as soon as it is chosen. */
function MailLanguageCard() {
  const { user } = useSession();
  // Saving switches these pages to the new language: the confirmation is a toast, in it.
  const update = useUpdateMailLocale(() => toast.success(ACCOUNT_TEXT.mailLanguageSaved));
  // While a change is saving, the select shows the choice rather than the stored value.
  const shown = update.isPending ? update.variables.locale : user?.locale;
  const handleChange = (value: string) => {
    const locale = MAIL_LOCALES.find((known) => known === value);
    if (locale) update.mutate({ locale });
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{ACCOUNT_TEXT.mailLanguageTitle}</h2>
        <CardDescription>{ACCOUNT_TEXT.mailLanguageDescription}</CardDescription>
      </CardHeader>
      <CardContent className="flex max-w-sm flex-col gap-3">
        <Field
          label={ACCOUNT_TEXT.mailLanguageLabel}
          error={update.isError ? errorText(update.error) : undefined}
        >
          <select
            value={shown ?? 'en'}
            disabled={update.isPending}
            onChange={(event) => handleChange(event.target.value)}
            className="h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
          >
            {MAIL_LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {MAIL_LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
        </Field>
      </CardContent>
    </Card>
  );
}

function SessionsCard() {
  const sessions = useAccountSessions();
  const revokeOthers = useRevokeOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const hasOthers = list.some((session) => !session.current);

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{ACCOUNT_TEXT.sessionsTitle}</h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {sessions.isPending ? <p className="text-slate-600">{ACCOUNT_TEXT.loading}</p> : null}
        {sessions.isError ? (
          <p role="alert" className="text-slate-700">
            {ACCOUNT_TEXT.loadError}
          </p>
        ) : null}
        <ul aria-label={ACCOUNT_TEXT.sessionsLabel} className="flex flex-col gap-3">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
        {hasOthers ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={revokeOthers.isPending}
            onClick={() => revokeOthers.mutate()}
          >
            {ACCOUNT_TEXT.signOutOthers}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const revoke = useRevokeSession();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-3">
      <div className="flex flex-col text-sm text-slate-600">
        <span className="font-medium text-slate-900">
          {deviceLabel(session.user_agent)}
          {session.current ? ` · ${ACCOUNT_TEXT.thisDevice}` : ''}
        </span>
        <span>
          {ACCOUNT_TEXT.signedIn} {formatIndiaDateTime(session.created_at)} ·{' '}
          {ACCOUNT_TEXT.lastUsed} {formatIndiaDateTime(session.last_seen_at)}
        </span>
        <span>
          {ACCOUNT_TEXT.from} {session.ip ?? ACCOUNT_TEXT.unknownAddress}
        </span>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          onClick={() => revoke.mutate(session.id)}
        >
          {ACCOUNT_TEXT.signOut}
        </Button>
      )}
    </li>
  );
}
