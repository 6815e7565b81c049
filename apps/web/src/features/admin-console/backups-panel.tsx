import type { BackupRunView, BackupStatus } from '@shabaash/core';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';

import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { adminDateFormat } from './admin-console.constants';
import { useBackups } from './admin-console.queries';
import { BACKUPS_TEXT } from './backups.constants';
import { LoadState } from './load-state';

const STATUS_BADGE: Record<BackupRunView['status'], BadgeVariant> = {
  verified: 'success',
  failed: 'danger',
  running: 'neutral',
};

function formatBytes(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function formatTime(iso: string | null): string {
  return iso ? adminDateFormat.format(new Date(iso)) : BACKUPS_TEXT.never;
}

/** What the operator must act on, or the all-clear; a failure's own words are shown. */
function Health({ status }: { status: BackupStatus }) {
  if (status.problem) {
    return (
      <div
        role="alert"
        className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900"
      >
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="min-w-0">
          <p className="font-semibold">
            {status.problem.kind === 'failed' ? BACKUPS_TEXT.failedTitle : BACKUPS_TEXT.missedTitle}
          </p>
          {/* What failed, as the server logged it, for the operator: not translated. */}
          <p lang="en-IN" translate="no" className="break-words">
            {status.problem.message}
          </p>
        </div>
      </div>
    );
  }
  if (status.runs.length === 0)
    return <p className="text-sm text-slate-600">{BACKUPS_TEXT.noRuns}</p>;
  return (
    <p className="flex items-center gap-2 text-sm text-emerald-800">
      <CheckCircle2 aria-hidden="true" className="size-4 shrink-0" />
      {BACKUPS_TEXT.allWell}
    </p>
  );
}

/** One run as a list item: it reads the same on a phone as on a wide screen. */
function RunItem({ run }: { run: BackupRunView }) {
  const details = [
    formatBytes(run.size_bytes),
    run.rows === null ? null : BACKUPS_TEXT.rows(run.rows.toLocaleString('en-IN')),
  ].filter((detail) => detail !== null && detail !== '—');
  return (
    <li className="flex flex-col gap-1 py-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">{formatTime(run.slot)}</span>
        <Badge variant={STATUS_BADGE[run.status]}>{BACKUPS_TEXT.status[run.status]}</Badge>
        {run.is_late && <Badge variant="warning">{BACKUPS_TEXT.late}</Badge>}
        {run.is_pruned && <Badge variant="neutral">{BACKUPS_TEXT.pruned}</Badge>}
      </div>
      {run.name && (
        <p className="font-mono text-xs break-all text-slate-600">
          {run.name}
          {details.length > 0 && (
            <span className="font-sans break-normal"> · {details.join(' · ')}</span>
          )}
        </p>
      )}
      {run.error && (
        <p lang="en-IN" translate="no" className="break-words text-red-700">
          {run.error}
        </p>
      )}
    </li>
  );
}

/** The daily backups: schedule, where they go, the last runs, and any failure or miss. */
export function BackupsPanel() {
  const backups = useBackups();
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
        <h2 className="text-lg font-semibold text-slate-900">{BACKUPS_TEXT.heading}</h2>
        <LoadState query={backups}>
          {(status) =>
            !status.enabled ? (
              <p className="text-sm text-slate-600">{BACKUPS_TEXT.off}</p>
            ) : (
              <>
                <Health status={status} />
                <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="text-slate-500">{BACKUPS_TEXT.schedule(status.time ?? '')}</dt>
                    <dd className="text-slate-700">
                      {BACKUPS_TEXT.keeps(status.keep_daily, status.keep_weekly)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{BACKUPS_TEXT.destination}</dt>
                    <dd className="break-all text-slate-700">{status.destination}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{BACKUPS_TEXT.nextAt}</dt>
                    <dd className="text-slate-700">{formatTime(status.next_at)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-500">{BACKUPS_TEXT.lastVerified}</dt>
                    <dd className="text-slate-700">{formatTime(status.last_verified_at)}</dd>
                  </div>
                </dl>
                {status.runs.length > 0 && (
                  <section aria-labelledby="backup-runs-heading">
                    <h3 id="backup-runs-heading" className="text-sm font-medium text-slate-500">
                      {BACKUPS_TEXT.runsCaption}
                    </h3>
                    <ul className="divide-y divide-slate-100" data-backup-runs>
                      {status.runs.map((run) => (
                        <RunItem key={run.slot} run={run} />
                      ))}
                    </ul>
                  </section>
                )}
              </>
            )
          }
        </LoadState>
      </CardContent>
    </Card>
  );
}

/**
 * A failed or missed backup, shown above every section of the console so the operator sees it
 * on arrival, with a way to the Backups panel; nothing while all is well or still loading.
 */
export function BackupProblemBanner({ onOpen }: { onOpen: () => void }) {
  const problem = useBackups().data?.problem;
  if (!problem) return null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        {problem.kind === 'failed' ? BACKUPS_TEXT.failedTitle : BACKUPS_TEXT.missedTitle}
      </p>
      <Button variant="outline" size="sm" onClick={onOpen}>
        {BACKUPS_TEXT.open}
      </Button>
    </div>
  );
}
