import {
  MODERATION_MODES,
  STARTER_BLOCKED_WORDS,
  moderationSettingsSchema,
  type StreamerSettings,
} from '@shabaash/core';
import { useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/input';
import { CheckboxField, RadioGroup, SaveBar } from './settings-controls';
import { SETTINGS_TEXT } from './settings.constants';
import { blockedWordsFromText, blockedWordsText, firstProblem } from './settings-form';
import { useSectionSave } from './use-section-save';

type ModerationDraft = {
  mode: StreamerSettings['moderation']['moderation_mode'];
  /** null: back to the starter list on save. */
  wordsText: string | null;
  hideAmounts: boolean;
};

function draftOf(moderation: StreamerSettings['moderation']): ModerationDraft {
  return {
    mode: moderation.moderation_mode,
    wordsText: moderation.uses_starter_words ? null : blockedWordsText(moderation.blocked_words),
    hideAmounts: moderation.hide_amounts_from_moderators,
  };
}

/** Auto-approve or review, blocked words (or the starter list), and hiding amounts. */
export function ModerationSettingsForm({
  slug,
  settings,
}: {
  slug: string;
  settings: StreamerSettings;
}) {
  const saved = draftOf(settings.moderation);
  const [draft, setDraft] = useState<ModerationDraft>(saved);
  const { submit, problem, setProblem, isSaving } = useSectionSave(slug);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const update = (patch: Partial<ModerationDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const moderation = {
      moderation_mode: draft.mode,
      blocked_words: draft.wordsText === null ? null : blockedWordsFromText(draft.wordsText),
      hide_amounts_from_moderators: draft.hideAmounts,
    };
    const result = moderationSettingsSchema.safeParse(moderation);
    submit(result.success ? { update: { moderation } } : { problem: firstProblem(result) ?? '' });
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-5"
      data-settings-form="moderation"
    >
      <RadioGroup
        legend={SETTINGS_TEXT.moderationModeLabel}
        name="moderation_mode"
        value={draft.mode}
        options={MODERATION_MODES.map((mode) => ({
          value: mode,
          label: mode === 'auto' ? SETTINGS_TEXT.moderationAuto : SETTINGS_TEXT.moderationReview,
        }))}
        onChange={(mode) => update({ mode })}
      />
      <Field
        label={SETTINGS_TEXT.blockedWordsLabel}
        hint={
          draft.wordsText === null
            ? SETTINGS_TEXT.usingStarterWords
            : SETTINGS_TEXT.blockedWordsHint
        }
      >
        <Textarea
          rows={8}
          value={draft.wordsText ?? blockedWordsText(STARTER_BLOCKED_WORDS)}
          onChange={(event) => update({ wordsText: event.target.value })}
        />
      </Field>
      {draft.wordsText !== null && (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => update({ wordsText: null })}
        >
          {SETTINGS_TEXT.useStarterWords}
        </Button>
      )}
      <CheckboxField
        label={SETTINGS_TEXT.hideAmountsLabel}
        hint={SETTINGS_TEXT.hideAmountsHint}
        checked={draft.hideAmounts}
        onChange={(hideAmounts) => update({ hideAmounts })}
      />
      <SaveBar
        isDirty={isDirty}
        isSaving={isSaving}
        problem={problem}
        onDiscard={() => {
          setDraft(saved);
          setProblem(null);
        }}
      />
    </form>
  );
}
