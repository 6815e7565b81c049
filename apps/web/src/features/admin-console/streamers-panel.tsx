import { Search } from 'lucide-react';
import { useDeferredValue, useState } from 'react';

import { Card, CardContent } from '../../components/ui/card';
import { Input } from '../../components/ui/input';
import type { CreatedStreamer } from './admin-console.api';
import { ADMIN_TEXT } from './admin-console.constants';
import { useStreamerSearch } from './admin-console.queries';
import { CreateStreamerForm } from './create-streamer-form';
import { InviteLink } from './invite-link';
import type { StreamerPrefill } from './lead-to-streamer';
import { LoadState } from './load-state';
import { StreamerRow } from './streamer-row';

/** Create a streamer (optionally from a lead), then search and manage the existing ones. */
export function StreamersPanel({
  prefill,
  onClearPrefill,
}: {
  prefill: StreamerPrefill | null;
  onClearPrefill: () => void;
}) {
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search.trim());
  const streamers = useStreamerSearch(deferredSearch);
  const [created, setCreated] = useState<CreatedStreamer | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
          <CreateStreamerForm
            // A new lead starts the form afresh from its values.
            key={prefill ? `${prefill.ownerEmail}:${prefill.slug}` : 'empty'}
            prefill={prefill}
            onClearPrefill={onClearPrefill}
            onCreated={(result) => {
              setCreated(result);
              onClearPrefill();
              setSearch(result.streamer.slug);
            }}
          />
          {created?.invite && <InviteLink url={created.invite.url} />}
        </CardContent>
      </Card>

      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        />
        <Input
          type="search"
          aria-label={ADMIN_TEXT.searchLabel}
          placeholder={ADMIN_TEXT.searchPlaceholder}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      <LoadState query={streamers}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-500">{ADMIN_TEXT.noStreamers}</p>
          ) : (
            <div className="flex flex-col gap-3">
              {list.map((streamer) => (
                <StreamerRow key={streamer.id} streamer={streamer} />
              ))}
            </div>
          )
        }
      </LoadState>
    </div>
  );
}
