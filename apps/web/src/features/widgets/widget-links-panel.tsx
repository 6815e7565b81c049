import { WIDGET_KINDS, widgetPath } from '@shabaash/core';
import type { ObsTokens, WidgetKind } from '@shabaash/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { MonitorPlay } from 'lucide-react';
import { useState } from 'react';

import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { apiFetch } from '../../lib/api';
import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { CopyField } from '../dashboard/components/copy-field';
import { hideToken } from '../dashboard/obs-urls';
import { WIDGET_TEXT } from './widgets.constants';

/** The streamer's active OBS token (members and admins), which the widget links carry. */
function useActiveObsToken(slug: string) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: viewerQueryKey(user?.id, 'widget-links', slug),
    queryFn: token
      ? ({ signal }) =>
          apiFetch<ObsTokens>(`/api/streamers/${encodeURIComponent(slug)}/obs-tokens`, {
            token,
            signal,
          })
      : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/**
 * The dashboard's list of widget browser-source URLs for one streamer, ready to copy into OBS.
 * Self-contained: it reads the session itself and needs only the slug.
 */
export function WidgetLinksPanel({ slug }: { slug: string }) {
  const query = useActiveObsToken(slug);
  const obsToken = query.data?.active?.token ?? null;

  return (
    <Card data-widget-links>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MonitorPlay aria-hidden="true" className="size-5 text-brand-700" />
          {WIDGET_TEXT.linksTitle}
        </CardTitle>
        <CardDescription>{WIDGET_TEXT.linksDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="h-24 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
        ) : obsToken === null ? (
          <p className="text-sm text-slate-600">{WIDGET_TEXT.linksNeedToken}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {WIDGET_KINDS.map((kind) => (
              <WidgetLink
                key={kind}
                kind={kind}
                url={`${window.location.origin}${widgetPath(slug, kind, obsToken)}`}
                token={obsToken}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** A widget's browser-source URL: it carries the OBS token, so it is hidden until shown. */
function WidgetLink({ kind, url, token }: { kind: WidgetKind; url: string; token: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const handleCopy = () => {
    void navigator.clipboard.writeText(url).then(() => {
      setIsCopied(true);
      window.setTimeout(() => setIsCopied(false), 2000);
    });
  };
  const name = WIDGET_TEXT.widgetNames[kind];
  return (
    <li>
      <CopyField
        label={name}
        value={url}
        hiddenValue={hideToken(url, token)}
        copyLabel={`${WIDGET_TEXT.copy} ${name}`}
        isCopied={isCopied}
        onCopy={handleCopy}
      />
    </li>
  );
}
