import type { AuditEntry } from '@shabaash/core';
import { useDeferredValue, useState } from 'react';

import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { ADMIN_TEXT, adminDateFormat } from './admin-console.constants';
import { useAudit } from './admin-console.queries';
import { auditValueLines } from './audit-value';
import { LoadState } from './load-state';

/**
 * A recorded value: setting keys and values as they were stored (identifiers and the page's own
 * data), so not for translation; only a switch's On/Off is in the reader's language.
 */
function AuditValue({ value, field }: { value: unknown; field: string }) {
  return (
    <ul translate="no">
      {auditValueLines(value, field).map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <tr className="align-top">
      <td className="py-2 pr-3 whitespace-nowrap text-slate-500">
        {adminDateFormat.format(new Date(entry.created_at))}
      </td>
      <td translate="no" className="py-2 pr-3">
        {entry.actor_email}
      </td>
      <td className="py-2 pr-3">
        <span
          translate={entry.streamer_slug ? 'no' : undefined}
          className="font-mono text-xs text-slate-500"
        >
          {entry.streamer_slug ?? ADMIN_TEXT.site}
        </span>{' '}
        <code className="text-xs">
          {entry.section}.{entry.field}
        </code>
      </td>
      <td className="max-w-56 py-2 pr-3 break-words text-slate-600">
        <AuditValue value={entry.old_value} field={entry.field} />
      </td>
      <td className="max-w-56 py-2 break-words text-slate-900">
        <AuditValue value={entry.new_value} field={entry.field} />
      </td>
    </tr>
  );
}

/** Every recorded change (who, when, old and new), newest first, optionally for one streamer. */
export function AuditPanel() {
  const [streamer, setStreamer] = useState('');
  const deferred = useDeferredValue(streamer.trim());
  const audit = useAudit(deferred);

  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
        <Field label={ADMIN_TEXT.auditFilterLabel}>
          <Input
            value={streamer}
            onChange={(event) => setStreamer(event.target.value)}
            className="sm:max-w-xs"
          />
        </Field>
        <LoadState query={{ ...audit, data: audit.data?.pages.flat() }}>
          {(entries) =>
            entries.length === 0 ? (
              <p className="text-sm text-slate-500">{ADMIN_TEXT.noAudit}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm" data-audit-log>
                  <thead className="text-xs text-slate-500 uppercase">
                    <tr>
                      <th className="py-2 pr-3 font-medium">{ADMIN_TEXT.auditWhen}</th>
                      <th className="py-2 pr-3 font-medium">{ADMIN_TEXT.auditWho}</th>
                      <th className="py-2 pr-3 font-medium">{ADMIN_TEXT.auditWhat}</th>
                      <th className="py-2 pr-3 font-medium">{ADMIN_TEXT.auditOld}</th>
                      <th className="py-2 font-medium">{ADMIN_TEXT.auditNew}</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {entries.map((entry) => (
                      <AuditRow key={entry.id} entry={entry} />
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </LoadState>
        {audit.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={audit.isFetchingNextPage}
            onClick={() => void audit.fetchNextPage()}
          >
            {ADMIN_TEXT.loadMore}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
