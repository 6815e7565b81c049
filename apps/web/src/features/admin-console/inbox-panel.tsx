import { Download, UserPlus } from 'lucide-react';
import { toast } from '../../lib/lazy-toast';

import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { errorText } from '../../lib/api-error';
import { useSession } from '../auth/use-session';
import { planName } from '../plans/plans.constants';
import { downloadCsv, type InboxLead } from './admin-console.api';
import { ADMIN_TEXT, adminDateFormat } from './admin-console.constants';
import { useLeads, useMessages } from './admin-console.queries';
import { LoadState } from './load-state';

function CsvButton({ path, filename }: { path: string; filename: string }) {
  const { token } = useSession();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={!token}
      onClick={() => {
        if (!token) return;
        downloadCsv(path, filename, token).catch((error: unknown) => toast.error(errorText(error)));
      }}
    >
      <Download aria-hidden="true" className="size-4" />
      {ADMIN_TEXT.exportCsv}
    </Button>
  );
}

const when = (iso: string) => adminDateFormat.format(new Date(iso));

/** Leads and contact messages, newest first, with CSV exports and "create streamer from lead". */
export function InboxPanel({ onCreateFromLead }: { onCreateFromLead: (lead: InboxLead) => void }) {
  const leads = useLeads();
  const messages = useMessages();

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{ADMIN_TEXT.leadsTitle}</CardTitle>
          <CsvButton path="/api/admin/leads.csv" filename="shabaash-leads.csv" />
        </CardHeader>
        <CardContent>
          <LoadState query={leads}>
            {(list) =>
              list.length === 0 ? (
                <p className="text-sm text-slate-500">{ADMIN_TEXT.noLeads}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-slate-100">
                  {list.map((lead) => (
                    <li
                      key={lead.id}
                      data-lead={lead.email}
                      className="flex flex-wrap items-start gap-3 py-3 text-sm"
                    >
                      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                        <p className="font-medium text-slate-900">
                          <bdi translate="no">{lead.name}</bdi> ·{' '}
                          <span translate="no" className="font-normal text-slate-600">
                            {lead.email}
                          </span>
                        </p>
                        <p translate="no" className="break-all text-slate-600">
                          {lead.mobile_number} · {lead.youtube_channel}
                          {lead.instagram_handle ? ` · ${lead.instagram_handle}` : ''}
                        </p>
                        <p className="text-xs text-slate-500">
                          {when(lead.created_at)}
                          {lead.plan ? ` · ${ADMIN_TEXT.plan}: ${planName(lead.plan)}` : ''}
                        </p>
                      </div>
                      <Button variant="secondary" size="sm" onClick={() => onCreateFromLead(lead)}>
                        <UserPlus aria-hidden="true" className="size-4" />
                        {ADMIN_TEXT.createStreamerFromLead}
                      </Button>
                    </li>
                  ))}
                </ul>
              )
            }
          </LoadState>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row items-center justify-between">
          <CardTitle>{ADMIN_TEXT.contactTitle}</CardTitle>
          <CsvButton
            path="/api/admin/contact-messages.csv"
            filename="shabaash-contact-messages.csv"
          />
        </CardHeader>
        <CardContent>
          <LoadState query={messages}>
            {(list) =>
              list.length === 0 ? (
                <p className="text-sm text-slate-500">{ADMIN_TEXT.noMessages}</p>
              ) : (
                <ul className="flex flex-col divide-y divide-slate-100">
                  {list.map((message) => (
                    <li key={message.id} className="flex flex-col gap-1 py-3 text-sm">
                      <p className="font-medium text-slate-900">
                        <bdi translate="no">{message.name}</bdi> ·{' '}
                        <span translate="no" className="font-normal text-slate-600">
                          {message.email}
                        </span>
                        {message.phone ? (
                          <span translate="no" className="font-normal text-slate-600">
                            {' '}
                            · {message.phone}
                          </span>
                        ) : null}
                      </p>
                      <p translate="no" className="whitespace-pre-wrap break-words text-slate-700">
                        {message.message}
                      </p>
                      <p className="text-xs text-slate-500">{when(message.created_at)}</p>
                    </li>
                  ))}
                </ul>
              )
            }
          </LoadState>
        </CardContent>
      </Card>
    </div>
  );
}
