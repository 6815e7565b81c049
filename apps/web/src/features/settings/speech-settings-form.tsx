import {
  parseRupeeInput,
  speechSettingsSchema,
  type SpeechLanguage,
  type SpeechSettings,
  type SpeechSettingsResponse,
} from '@shabaash/core';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api-error';
import { toast } from '../../lib/lazy-toast';
import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import { CheckboxField, LanguageTemplateFields, SaveBar, Select } from './settings-controls';
import { SETTINGS_TEXT } from './settings.constants';
import { firstProblem, rupeesText } from './settings-form';
import { fetchSpeechSettings, previewSpeech, saveSpeechSettings } from './speech-settings.api';
import { SPEECH_TEXT } from './speech-settings.constants';

type SpeechDraft = Omit<SpeechSettings, 'min_amount_paise' | 'max_chars' | 'volume'> & {
  minAmount: string;
  maxChars: string;
  volume: string;
};

function draftOf(settings: SpeechSettings): SpeechDraft {
  const { min_amount_paise, max_chars, volume, ...rest } = settings;
  return {
    ...rest,
    minAmount: rupeesText(min_amount_paise),
    maxChars: String(max_chars),
    volume: String(volume),
  };
}

/** The settings from the draft, checked by the server's own schema. */
export function speechSettingsFromDraft(
  draft: SpeechDraft,
): { settings: SpeechSettings } | { problem: string } {
  const minAmount = parseRupeeInput(draft.minAmount);
  if (minAmount === null) return { problem: SPEECH_TEXT.rupeesInvalid };
  const { minAmount: _minAmount, maxChars, volume, ...rest } = draft;
  if (!/^\d+$/.test(maxChars.trim()) || !/^\d+$/.test(volume.trim())) {
    return { problem: SPEECH_TEXT.wholeNumber };
  }
  const result = speechSettingsSchema.safeParse({
    ...rest,
    min_amount_paise: minAmount,
    max_chars: Number(maxChars),
    volume: Number(volume),
  });
  if (!result.success) return { problem: firstProblem(result) ?? SPEECH_TEXT.wholeNumber };
  return { settings: result.data };
}

function useSpeechSettings(slug: string) {
  const { user, token } = useSession();
  const key = viewerQueryKey(user?.id, 'speech-settings', slug);
  const query = useQuery({
    queryKey: key,
    queryFn: token ? ({ signal }) => fetchSpeechSettings(slug, token, signal) : skipToken,
  });
  useClearSessionOnUnauthorized(query.error);
  return { query, key, token };
}

/**
 * Settings → Alerts → Read aloud (issue 23): on or off, from what amount, how much is read,
 * the voice per language, the volume and the read templates, with a Preview that plays a sample
 * rendered by the server exactly as the overlay will hear it.
 */
export function SpeechSettingsForm({ slug }: { slug: string }) {
  const { query } = useSpeechSettings(slug);
  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label={SPEECH_TEXT.loading}
        className="h-40 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none"
      />
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-sm text-red-700">
          {SPEECH_TEXT.loadError} {errorText(query.error)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {SPEECH_TEXT.retry}
        </Button>
      </div>
    );
  }
  return <SpeechForm slug={slug} loaded={query.data} />;
}

function SpeechForm({ slug, loaded }: { slug: string; loaded: SpeechSettingsResponse }) {
  const { key, token } = useSpeechSettings(slug);
  const queryClient = useQueryClient();
  const saved = draftOf(loaded.settings);
  const [draft, setDraft] = useState<SpeechDraft>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const previewAudio = useRef<HTMLAudioElement | null>(null);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const update = (patch: Partial<SpeechDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const save = useMutation({
    mutationFn: (settings: SpeechSettings) => saveSpeechSettings(slug, settings, token ?? ''),
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

  const preview = useMutation({
    mutationFn: async ({
      settings,
      language,
    }: {
      settings: SpeechSettings;
      language: SpeechLanguage;
    }) => {
      const { url } = await previewSpeech(slug, { settings, language }, token ?? '');
      previewAudio.current?.pause();
      const audio = new Audio(url);
      audio.volume = settings.volume / 100;
      previewAudio.current = audio;
      await audio.play();
    },
    onError: (error) => toast.error(SPEECH_TEXT.previewFailed, { description: errorText(error) }),
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const built = speechSettingsFromDraft(draft);
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    save.mutate(built.settings);
  };

  const handlePreview = (language: SpeechLanguage) => {
    const built = speechSettingsFromDraft(draft);
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    preview.mutate({ settings: built.settings, language });
  };

  const voiceSelect = (language: SpeechLanguage, label: string) => (
    <Field label={label}>
      <Select
        value={draft.voices[language]}
        onChange={(event) =>
          update({ voices: { ...draft.voices, [language]: event.target.value } })
        }
      >
        {loaded.available_voices[language].map((voice) => (
          <option key={voice.id} value={voice.id}>
            {voice.label}
          </option>
        ))}
      </Select>
    </Field>
  );

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-5 border-t border-slate-200 pt-5"
      data-settings-form="speech"
      aria-labelledby="speech-settings-title"
    >
      <div className="flex flex-col gap-1">
        <h3 id="speech-settings-title" className="text-base font-semibold text-slate-900">
          {SPEECH_TEXT.title}
        </h3>
        <p className="text-sm text-slate-600">
          {SPEECH_TEXT.description} {SPEECH_TEXT.providerLine(loaded.provider.label)}
        </p>
      </div>
      <CheckboxField
        label={SPEECH_TEXT.enabledLabel}
        hint={SPEECH_TEXT.enabledHint}
        checked={draft.enabled}
        onChange={(enabled) => update({ enabled })}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={SPEECH_TEXT.minAmountLabel} hint={SPEECH_TEXT.minAmountHint}>
          <Input
            inputMode="decimal"
            value={draft.minAmount}
            onChange={(event) => update({ minAmount: event.target.value })}
          />
        </Field>
        <Field label={SPEECH_TEXT.maxCharsLabel} hint={SPEECH_TEXT.maxCharsHint()}>
          <Input
            inputMode="numeric"
            value={draft.maxChars}
            onChange={(event) => update({ maxChars: event.target.value })}
          />
        </Field>
        <Field label={`${SPEECH_TEXT.volumeLabel} (${draft.volume}%)`}>
          <Input
            type="range"
            min={0}
            max={100}
            step={5}
            value={draft.volume}
            onChange={(event) => update({ volume: event.target.value })}
            className="h-11 px-0 shadow-none"
          />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {voiceSelect('hi', SPEECH_TEXT.voiceHiLabel)}
        {voiceSelect('en', SPEECH_TEXT.voiceEnLabel)}
      </div>
      <LanguageTemplateFields
        templates={draft.templates}
        labels={{ hi: SPEECH_TEXT.templateHiLabel, en: SPEECH_TEXT.templateEnLabel }}
        hint={SPEECH_TEXT.templateHint()}
        onChange={(templates) => update({ templates })}
      />
      <CheckboxField
        label={SPEECH_TEXT.readVoiceTipsLabel}
        hint={SPEECH_TEXT.readVoiceTipsHint}
        checked={draft.read_voice_tips}
        onChange={(read_voice_tips) => update({ read_voice_tips })}
      />
      <p className="text-xs text-slate-500">{SPEECH_TEXT.emotionHint()}</p>
      <div className="flex flex-wrap gap-3">
        {(['hi', 'en'] as const).map((language) => (
          <Button
            key={language}
            variant="outline"
            size="sm"
            disabled={preview.isPending}
            onClick={() => handlePreview(language)}
          >
            {preview.isPending && preview.variables.language === language
              ? SPEECH_TEXT.previewing
              : language === 'hi'
                ? SPEECH_TEXT.previewHindi
                : SPEECH_TEXT.previewEnglish}
          </Button>
        ))}
      </div>
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
