import { RETENTION, type AdminPrivacyView, type RetentionKind } from '@shabaash/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../lib/lazy-toast';

import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { errorText } from '../../lib/api-error';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { adminDateFormat } from '../admin-console/admin-console.constants';
import { LoadState } from '../admin-console/load-state';
import { useSession } from '../auth/use-session';
import { eraseAccount, fetchAdminPrivacy } from './privacy-rights.api';
import { PRIVACY_PANEL_TEXT } from './privacy-panel.constants';

const formatTime = (iso: string) => adminDateFormat.format(new Date(iso));

/** The admin console's Privacy tab: the retention rules, what each run did, and the requests. */
export function PrivacyPanel() {
  const { token } = useSession();
  const query = useQuery({
    queryKey: ['admin', 'privacy', token],
    queryFn: ({ signal }) => fetchAdminPrivacy(token ?? '', signal),
    enabled: Boolean(token),
  });
  return <LoadState query={query}>{(data) => <PrivacyView data={data} />}</LoadState>;
}

type PrivacyRequestView = AdminPrivacyView['requests'][number];

/**
 * A creator's open account erasure: the operator settles what the account is owed, then
 * erases it here (personal data goes, money records stay; README "Personal data").
 */
function EraseAccountButton({ request }: { request: PrivacyRequestView }) {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const erase = useMutation({ mutationFn: () => eraseAccount(token ?? '', request.id) });
  const handleErase = () => {
    if (!window.confirm(PRIVACY_PANEL_TEXT.confirmErase(request.account_email ?? request.id))) {
      return;
    }
    setProblem(null);
    erase.mutate(undefined, {
      onSuccess: () => {
        toast.success(PRIVACY_PANEL_TEXT.erased);
        void queryClient.invalidateQueries({ queryKey: ['admin', 'privacy'] });
      },
      onError: (error) => setProblem(errorText(error)),
    });
  };
  return (
    <>
      <Button variant="outline" size="sm" disabled={erase.isPending} onClick={handleErase}>
        {erase.isPending ? PRIVACY_PANEL_TEXT.erasing : PRIVACY_PANEL_TEXT.eraseAccount}
      </Button>
      {problem && (
        <p role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      )}
    </>
  );
}

const isRetentionKind = (kind: string): kind is RetentionKind => kind in RETENTION;

/** A rule's name in the reader's language; a kind this page does not know, as the server sent it. */
const ruleName = (kind: string) =>
  isRetentionKind(kind) ? PRIVACY_PANEL_TEXT.rules[kind].data : kind;

function PrivacyView({ data }: { data: AdminPrivacyView }) {
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold text-slate-900">{PRIVACY_PANEL_TEXT.runsTitle}</h2>
        </CardHeader>
        <CardContent>
          {data.runs.length === 0 ? (
            <p className="text-sm text-slate-600">{PRIVACY_PANEL_TEXT.noRuns}</p>
          ) : (
            <ul
              className="flex flex-col divide-y divide-slate-100"
              aria-label={PRIVACY_PANEL_TEXT.runsTitle}
            >
              {data.runs.map((run) => {
                const done = Object.entries(run.counts).filter(([, count]) => count > 0);
                return (
                  <li key={run.id} className="flex flex-col gap-1 py-3 text-sm">
                    <p className="flex items-center gap-2 font-medium text-slate-900">
                      {formatTime(run.started_at)}
                      <Badge
                        variant={
                          run.status === 'failed'
                            ? 'danger'
                            : run.status === 'completed'
                              ? 'success'
                              : 'neutral'
                        }
                      >
                        {PRIVACY_PANEL_TEXT.runStatus[run.status]}
                      </Badge>
                    </p>
                    <p className="text-slate-600">
                      {done.length === 0
                        ? PRIVACY_PANEL_TEXT.nothing
                        : done.map(([kind, count]) => `${ruleName(kind)}: ${count}`).join(' · ')}
                    </p>
                    {/* The failure as the server logged it, for the operator: not translated. */}
                    {run.error && (
                      <p lang="en-IN" translate="no" className="break-words text-red-700">
                        {run.error}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold text-slate-900">
            {PRIVACY_PANEL_TEXT.requestsTitle}
          </h2>
        </CardHeader>
        <CardContent>
          {data.requests.length === 0 ? (
            <p className="text-sm text-slate-600">{PRIVACY_PANEL_TEXT.noRequests}</p>
          ) : (
            <ul
              className="flex flex-col divide-y divide-slate-100"
              aria-label={PRIVACY_PANEL_TEXT.requestsTitle}
            >
              {data.requests.map((request) => (
                <li
                  key={request.id}
                  data-privacy-request={request.id}
                  className="flex flex-wrap items-center gap-2 py-2 text-sm"
                >
                  <span className="text-slate-900">
                    {PRIVACY_PANEL_TEXT.subject[request.subject_kind]} ·{' '}
                    {PRIVACY_PANEL_TEXT.requestKind[request.kind]} ·{' '}
                    {PRIVACY_PANEL_TEXT.verifiedBy[request.verified_by]}
                  </span>
                  {request.account_email && (
                    <span translate="no" className="break-all text-slate-700">
                      {request.account_email}
                    </span>
                  )}
                  <span className="text-slate-500">{formatTime(request.created_at)}</span>
                  {request.status === 'open' && (
                    <Badge variant="danger">
                      {PRIVACY_PANEL_TEXT.open} (
                      {PRIVACY_PANEL_TEXT.due(formatTime(request.due_at))})
                    </Badge>
                  )}
                  {request.status === 'completed' && request.completed_at && (
                    <Badge variant="success">
                      {PRIVACY_PANEL_TEXT.done(formatTime(request.completed_at))}
                    </Badge>
                  )}
                  {request.status === 'open' &&
                    request.subject_kind === 'creator' &&
                    request.kind === 'erasure' && <EraseAccountButton request={request} />}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold text-slate-900">{PRIVACY_PANEL_TEXT.rulesTitle}</h2>
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col gap-2 text-sm text-slate-700">
            {data.rules.map((rule) => {
              const words = isRetentionKind(rule.kind) ? PRIVACY_PANEL_TEXT.rules[rule.kind] : rule;
              return (
                <li key={rule.kind}>
                  <span className="font-medium text-slate-900">{words.data}</span>:{' '}
                  {PRIVACY_PANEL_TEXT.rule(
                    PRIVACY_PANEL_TEXT.action[rule.action],
                    rule.days,
                    words.from,
                  )}
                </li>
              );
            })}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
