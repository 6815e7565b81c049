import {
  parseRupeeInput,
  youtubeChatSettingsSchema,
  type YoutubeChatSettings,
  type YoutubeChatStatus,
} from '@shabaash/core';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { formatDate } from '../../i18n/format';
import { activeLanguage } from '../../i18n/i18n';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/lazy-toast';
import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { CheckboxField, LanguageTemplateFields, SaveBar } from './settings-controls';
import { firstProblem, rupeesText } from './settings-form';
import { SETTINGS_TEXT } from './settings.constants';
import {
  completeYoutubeConnect,
  disconnectYoutube,
  fetchYoutubeChat,
  saveYoutubeChatSettings,
  startYoutubeConnect,
} from './youtube-chat.api';
import { YOUTUBE_TEXT } from './youtube-chat.constants';

export type YoutubeDraft = Omit<YoutubeChatSettings, 'min_amount_paise'> & { minAmount: string };

const draftOf = ({ min_amount_paise, ...rest }: YoutubeChatSettings): YoutubeDraft => ({
  ...rest,
  minAmount: rupeesText(min_amount_paise),
});

/** The settings from the draft, checked by the server's own schema. */
export function youtubeSettingsFromDraft(
  draft: YoutubeDraft,
): { settings: YoutubeChatSettings } | { problem: string } {
  const minAmount = parseRupeeInput(draft.minAmount);
  if (minAmount === null) return { problem: YOUTUBE_TEXT.rupeesInvalid };
  const { minAmount: _minAmount, ...rest } = draft;
  const result = youtubeChatSettingsSchema.safeParse({ ...rest, min_amount_paise: minAmount });
  if (!result.success) return { problem: firstProblem(result) ?? YOUTUBE_TEXT.rupeesInvalid };
  return { settings: result.data };
}

function useYoutubeChat(slug: string) {
  const { user, token } = useSession();
  const key = viewerQueryKey(user?.id, 'youtube-chat', slug);
  const query = useQuery({
    queryKey: key,
    queryFn: token ? ({ signal }) => fetchYoutubeChat(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return { query, key, token };
}

/**
 * Google sends the browser back here (through /api/youtube/oauth/callback) with a code and the
 * state; this page, signed in, hands both to the server once and takes them out of the URL.
 */
function useOAuthReturn(slug: string, onDone: (status: YoutubeChatStatus) => void) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { token } = useSession();
  const handled = useRef(false);
  // What Google sent back, read once: the URL is cleaned right after.
  const [returned] = useState(() => ({
    code: searchParams.get('youtube_code'),
    state: searchParams.get('youtube_state'),
    error: searchParams.get('youtube_error'),
  }));

  const complete = useMutation({
    mutationFn: (input: { code: string; state: string }) =>
      completeYoutubeConnect(slug, input, token ?? ''),
    onSuccess: (status) => {
      onDone(status);
      toast.success(YOUTUBE_TEXT.connected);
    },
  });
  const { mutate } = complete;

  useEffect(() => {
    if (handled.current || !token || (!returned.code && !returned.error)) return;
    handled.current = true;
    if (returned.code && returned.state) mutate({ code: returned.code, state: returned.state });
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        for (const name of ['youtube_code', 'youtube_state', 'youtube_error']) params.delete(name);
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [returned, token, mutate, setSearchParams]);

  const returnedProblem =
    returned.error === 'access_denied'
      ? YOUTUBE_TEXT.denied
      : returned.error || (returned.code && !returned.state)
        ? YOUTUBE_TEXT.invalidReturn
        : null;
  return {
    problem: complete.error ? errorText(complete.error) : returnedProblem,
    isFinishing: complete.isPending,
  };
}

/** Settings → YouTube chat: connect a channel, choose what is posted, see what went wrong. */
export function YoutubeChatSection({ slug }: { slug: string }) {
  const { query, key, token } = useYoutubeChat(slug);
  const queryClient = useQueryClient();
  const setStatus = (status: YoutubeChatStatus) => queryClient.setQueryData(key, status);
  const oauth = useOAuthReturn(slug, setStatus);

  const connect = useMutation({
    mutationFn: () => startYoutubeConnect(slug, token ?? ''),
    onSuccess: ({ authorization_url }) => window.location.assign(authorization_url),
    onError: (error) => toast.error(errorText(error)),
  });
  const disconnect = useMutation({
    mutationFn: () => disconnectYoutube(slug, token ?? ''),
    onSuccess: (status) => {
      setStatus(status);
      toast.success(YOUTUBE_TEXT.disconnected);
    },
    onError: (error) => toast.error(errorText(error)),
  });

  if (query.isPending || oauth.isFinishing) {
    return (
      <div
        role="status"
        aria-label={oauth.isFinishing ? YOUTUBE_TEXT.finishing : YOUTUBE_TEXT.loading}
        className="h-40 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none"
      />
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-sm text-red-700">
          {YOUTUBE_TEXT.loadError} {errorText(query.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {YOUTUBE_TEXT.retry}
        </Button>
      </div>
    );
  }
  const status = query.data;
  const connection = status.connection;

  return (
    <section
      className="flex flex-col gap-5"
      data-settings-form="youtube"
      aria-labelledby="youtube-chat-title"
    >
      <div className="flex flex-col gap-1">
        <h3 id="youtube-chat-title" className="text-base font-semibold text-slate-900">
          {YOUTUBE_TEXT.title}
        </h3>
        <p className="text-sm text-slate-600">{YOUTUBE_TEXT.description}</p>
      </div>
      {oauth.problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {oauth.problem}
        </p>
      )}
      {!status.available && status.unavailable_reason ? (
        <p
          className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700"
          data-youtube="unavailable"
        >
          {YOUTUBE_TEXT.unavailable[status.unavailable_reason]}
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-3" data-youtube="connection">
          {connection?.status === 'connected' ? (
            <>
              <p className="text-sm font-medium text-slate-900">
                {YOUTUBE_TEXT.connectedAs(connection.channel_title)}
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={disconnect.isPending}
                onClick={() => disconnect.mutate()}
              >
                {disconnect.isPending ? YOUTUBE_TEXT.disconnecting : YOUTUBE_TEXT.disconnect}
              </Button>
            </>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                {connection?.status === 'revoked'
                  ? YOUTUBE_TEXT.revoked
                  : YOUTUBE_TEXT.notConnected}
              </p>
              <Button size="sm" disabled={connect.isPending} onClick={() => connect.mutate()}>
                {connect.isPending
                  ? YOUTUBE_TEXT.connecting
                  : connection
                    ? YOUTUBE_TEXT.reconnect
                    : YOUTUBE_TEXT.connect}
              </Button>
            </>
          )}
        </div>
      )}
      {status.last_error && (
        <p className="text-sm text-amber-800" data-youtube="last-error">
          {YOUTUBE_TEXT.lastError} ({formatDate(status.last_error.at, activeLanguage(), 'dateTime')}
          ): {YOUTUBE_TEXT.errors[status.last_error.code]}
        </p>
      )}
      {connection && (
        <p className="text-xs text-slate-500">
          {YOUTUBE_TEXT.quota(status.quota.used_units, status.quota.share_units)}
        </p>
      )}
      {status.available && (
        <YoutubeSettingsForm slug={slug} loaded={status.settings} onSaved={setStatus} />
      )}
    </section>
  );
}

function YoutubeSettingsForm({
  slug,
  loaded,
  onSaved,
}: {
  slug: string;
  loaded: YoutubeChatSettings;
  onSaved: (status: YoutubeChatStatus) => void;
}) {
  const { token } = useSession();
  const saved = draftOf(loaded);
  const [draft, setDraft] = useState<YoutubeDraft>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const update = (patch: Partial<YoutubeDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));

  const save = useMutation({
    mutationFn: (settings: YoutubeChatSettings) =>
      saveYoutubeChatSettings(slug, settings, token ?? ''),
    onSuccess: (status) => {
      onSaved(status);
      setDraft(draftOf(status.settings));
      toast.success(SETTINGS_TEXT.saved);
    },
    onError: (error) => {
      setProblem(errorText(error));
      toast.error(SETTINGS_TEXT.saveFailed, { description: errorText(error) });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const built = youtubeSettingsFromDraft(draft);
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    save.mutate(built.settings);
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
      <CheckboxField
        label={YOUTUBE_TEXT.enabledLabel}
        checked={draft.enabled}
        onChange={(enabled) => update({ enabled })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={YOUTUBE_TEXT.minAmountLabel} hint={YOUTUBE_TEXT.minAmountHint}>
          <Input
            inputMode="decimal"
            value={draft.minAmount}
            onChange={(event) => update({ minAmount: event.target.value })}
          />
        </Field>
      </div>
      <LanguageTemplateFields
        templates={draft.templates}
        labels={{ hi: YOUTUBE_TEXT.templateHiLabel, en: YOUTUBE_TEXT.templateEnLabel }}
        hint={YOUTUBE_TEXT.templateHint()}
        onChange={(templates) => update({ templates })}
      />
      <SaveBar
        isDirty={isDirty}
        isSaving={save.isPending}
        problem={problem}
        onDiscard={() => {
          setDraft(saved);
          setProblem(null);
        }}
      />
    </form>
  );
}
