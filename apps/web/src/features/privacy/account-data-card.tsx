import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { errorText } from '../../lib/api-error';
import { useSession } from '../auth/use-session';
import { formatIndiaDateTime } from '../dashboard/relative-time';
import {
  downloadAccountData,
  fetchAccountErasure,
  requestAccountErasure,
} from './privacy-rights.api';
import { ACCOUNT_DATA_TEXT } from './privacy-rights.constants';

/** The account page's "Your data": a creator downloads their data or asks for erasure. */
export function AccountDataCard() {
  const { token } = useSession();
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const erasure = useQuery({
    queryKey: ['privacy', 'account-erasure', token],
    queryFn: ({ signal }) => fetchAccountErasure(token ?? '', signal),
    enabled: Boolean(token),
  });
  const download = useMutation({ mutationFn: () => downloadAccountData(token ?? '') });
  const request = useMutation({
    mutationFn: () => requestAccountErasure(token ?? ''),
    onSuccess: (answer) => {
      queryClient.setQueryData(['privacy', 'account-erasure', token], answer);
      setConfirming(false);
    },
  });
  const open = erasure.data?.request ?? null;
  const error = download.error ?? request.error;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">{ACCOUNT_DATA_TEXT.title}</h2>
        <CardDescription>{ACCOUNT_DATA_TEXT.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
            {download.isPending ? ACCOUNT_DATA_TEXT.downloading : ACCOUNT_DATA_TEXT.download}
          </Button>
          {!open && !isConfirming && (
            <Button variant="outline" onClick={() => setConfirming(true)}>
              {ACCOUNT_DATA_TEXT.erase}
            </Button>
          )}
        </div>
        {isConfirming && !open && (
          <div className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 p-4">
            <p className="text-sm text-amber-900">{ACCOUNT_DATA_TEXT.eraseWarning}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => request.mutate()} disabled={request.isPending}>
                {ACCOUNT_DATA_TEXT.eraseConfirm}
              </Button>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                {ACCOUNT_DATA_TEXT.eraseCancel}
              </Button>
            </div>
          </div>
        )}
        {open && (
          <p role="status" className="text-sm text-slate-700">
            {ACCOUNT_DATA_TEXT.requested(formatIndiaDateTime(open.due_at))}
          </p>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {errorText(error)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
