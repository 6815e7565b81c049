import {
  MEDIA_TIP_MESSAGES,
  mediaTipSettingsSchema,
  parseRupeeInput,
  type MediaTipSettings,
  type MediaTipSettingsResponse,
} from '@shabaash/core';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { apiFetch } from '../../lib/api';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/lazy-toast';
import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { CheckboxField, SaveBar } from './settings-controls';
import { SETTINGS_TEXT } from './settings.constants';
import { localized } from '../../i18n/i18n';
import { firstProblem, rupeesText } from './settings-form';

const MB = 1024 * 1024;

export const MEDIA_SETTINGS_TEXT = /* @__PURE__ */ localized('mediaSettings', {
  title: 'GIF and video tips',
  description:
    'Fans can send a GIF or a short video with their tip. Every file is checked and converted by the server before anyone sees it.',
  enabledLabel: 'Take GIF and video tips',
  enabledHint: 'Offered on your donation page when your plan includes them (Complete Bundle).',
  minAmountLabel: 'Minimum amount (₹)',
  maxMbLabel: 'Largest file (MB, up to 50)',
  maxSecondsLabel: 'Longest clip (seconds, up to 30)',
  allowAudioLabel: 'Play the video’s sound on stream',
  allowAudioHint: 'Off: videos play muted.',
  holdLabel: 'Hold every GIF and video for review',
  holdHint: 'On by default, whatever your moderation mode.',
  loading: 'Loading GIF and video tip settings',
  loadError: 'GIF and video tip settings could not be loaded.',
  retry: 'Try again',
  rupeesInvalid: 'Please enter the minimum in rupees, e.g. 50.',
  wholeNumber: 'Please enter whole numbers for the size and the length.',
} as const);

type Draft = {
  enabled: boolean;
  allowAudio: boolean;
  hold: boolean;
  minAmount: string;
  maxMb: string;
  maxSeconds: string;
};

function draftOf(settings: MediaTipSettings): Draft {
  return {
    enabled: settings.enabled,
    allowAudio: settings.allow_audio,
    hold: settings.hold_for_review,
    minAmount: rupeesText(settings.min_amount_paise),
    maxMb: String(Math.round(settings.max_bytes / MB)),
    maxSeconds: String(Math.round(settings.max_duration_ms / 1000)),
  };
}

export function mediaSettingsFromDraft(
  draft: Draft,
): { settings: MediaTipSettings } | { problem: string } {
  const minAmount = parseRupeeInput(draft.minAmount);
  if (minAmount === null) return { problem: MEDIA_SETTINGS_TEXT.rupeesInvalid };
  if (!/^\d+$/.test(draft.maxMb.trim()) || !/^\d+$/.test(draft.maxSeconds.trim())) {
    return { problem: MEDIA_SETTINGS_TEXT.wholeNumber };
  }
  const result = mediaTipSettingsSchema.safeParse({
    enabled: draft.enabled,
    min_amount_paise: minAmount,
    max_bytes: Number(draft.maxMb) * MB,
    max_duration_ms: Number(draft.maxSeconds) * 1000,
    allow_audio: draft.allowAudio,
    hold_for_review: draft.hold,
  });
  if (!result.success) return { problem: firstProblem(result) ?? MEDIA_SETTINGS_TEXT.wholeNumber };
  return { settings: result.data };
}

const settingsPath = (slug: string) =>
  `/api/streamers/${encodeURIComponent(slug)}/media-tips/settings`;

function useMediaSettings(slug: string) {
  const { user, token } = useSession();
  const key = viewerQueryKey(user?.id, 'media-tip-settings', slug);
  const query = useQuery({
    queryKey: key,
    queryFn: token
      ? ({ signal }) => apiFetch<MediaTipSettingsResponse>(settingsPath(slug), { token, signal })
      : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return { query, key, token };
}

/**
 * Settings → Moderation → GIF and video tips (issue 26): on or off, the minimum, the largest
 * file and longest clip, sound, and review (on by default; turning it off shows a warning).
 * Says so when this server has no ffmpeg: then only GIF and WebP tips are taken.
 */
export function MediaTipsSettingsForm({ slug }: { slug: string }) {
  const { query } = useMediaSettings(slug);
  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label={MEDIA_SETTINGS_TEXT.loading}
        className="h-40 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none"
      />
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-sm text-red-700">
          {MEDIA_SETTINGS_TEXT.loadError} {errorText(query.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {MEDIA_SETTINGS_TEXT.retry}
        </Button>
      </div>
    );
  }
  return <MediaForm slug={slug} loaded={query.data} />;
}

function MediaForm({ slug, loaded }: { slug: string; loaded: MediaTipSettingsResponse }) {
  const { key, token } = useMediaSettings(slug);
  const queryClient = useQueryClient();
  const saved = draftOf(loaded.settings);
  const [draft, setDraft] = useState<Draft>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const update = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const save = useMutation({
    mutationFn: (settings: MediaTipSettings) =>
      apiFetch<MediaTipSettingsResponse>(settingsPath(slug), {
        method: 'PUT',
        body: settings,
        token: token ?? '',
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(key, answer);
      setDraft(draftOf(answer.settings));
      toast.success(SETTINGS_TEXT.saved);
    },
    onError: (error) => {
      setProblem(errorText(error));
      toast.error(SETTINGS_TEXT.saveFailed, { description: errorText(error) });
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const built = mediaSettingsFromDraft(draft);
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    save.mutate(built.settings);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-5 border-t border-slate-200 pt-5"
      data-settings-form="media-tips"
      aria-labelledby="media-tips-settings-title"
    >
      <div className="flex flex-col gap-1">
        <h3 id="media-tips-settings-title" className="text-base font-semibold text-slate-900">
          {MEDIA_SETTINGS_TEXT.title}
        </h3>
        <p className="text-sm text-slate-600">{MEDIA_SETTINGS_TEXT.description}</p>
      </div>
      {!loaded.video_available && (
        <p
          role="note"
          data-media-video-unavailable
          className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
        >
          {MEDIA_TIP_MESSAGES.ffmpegMissing}
        </p>
      )}
      <CheckboxField
        label={MEDIA_SETTINGS_TEXT.enabledLabel}
        hint={MEDIA_SETTINGS_TEXT.enabledHint}
        checked={draft.enabled}
        onChange={(enabled) => update({ enabled })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={MEDIA_SETTINGS_TEXT.minAmountLabel}>
          <Input
            inputMode="decimal"
            value={draft.minAmount}
            onChange={(event) => update({ minAmount: event.target.value })}
          />
        </Field>
        <Field label={MEDIA_SETTINGS_TEXT.maxMbLabel}>
          <Input
            inputMode="numeric"
            value={draft.maxMb}
            onChange={(event) => update({ maxMb: event.target.value })}
          />
        </Field>
        <Field label={MEDIA_SETTINGS_TEXT.maxSecondsLabel}>
          <Input
            inputMode="numeric"
            value={draft.maxSeconds}
            onChange={(event) => update({ maxSeconds: event.target.value })}
          />
        </Field>
      </div>
      <CheckboxField
        label={MEDIA_SETTINGS_TEXT.allowAudioLabel}
        hint={MEDIA_SETTINGS_TEXT.allowAudioHint}
        checked={draft.allowAudio}
        onChange={(allowAudio) => update({ allowAudio })}
      />
      <CheckboxField
        label={MEDIA_SETTINGS_TEXT.holdLabel}
        hint={MEDIA_SETTINGS_TEXT.holdHint}
        checked={draft.hold}
        onChange={(hold) => update({ hold })}
      />
      {!draft.hold && (
        <p
          role="alert"
          data-media-review-warning
          className="rounded-lg bg-red-50 p-3 text-sm text-red-800"
        >
          {MEDIA_TIP_MESSAGES.holdOffWarning}
        </p>
      )}
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
