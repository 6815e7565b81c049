import {
  DEFAULT_MOBILE_DIALOG_TITLE,
  FORM_VARIANTS,
  LANGUAGES,
  LANGUAGE_LABELS,
  SETTINGS_LIMITS,
  SOCIAL_PLATFORMS,
  STREAMER_THEMES,
  pageSettingsSchema,
  type PageSettings,
  type SocialPlatform,
  type StreamerSettings,
} from '@shabaash/core';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { ImageUploadField } from './image-upload-field';
import { CheckboxField, RadioGroup, SaveBar, Select } from './settings-controls';
import { PLATFORM_LABELS, SETTINGS_TEXT, THEME_LABELS } from './settings.constants';
import { firstProblem } from './settings-form';
import { useSectionSave } from './use-section-save';

function pageDraftOf(page: StreamerSettings['page']): PageSettings {
  return {
    name: page.name,
    brand_color: page.brand_color,
    theme: page.theme,
    form_variant: page.form_variant,
    language: page.language,
    welcome_text: page.welcome_text,
    social_links: page.social_links,
    show_emote_picker: page.show_emote_picker,
    show_leaderboard: page.show_leaderboard,
    mobile_dialog_title: page.mobile_dialog_title,
    hyperemote_message: page.hyperemote_message,
  };
}

/** An emptied box is null (the built-in text), as the server stores it. */
const textOrNull = (value: string) => (value.trim() === '' ? null : value);

/** Display name, colours, theme, form, welcome text, links and the two images. */
export function PageSettingsForm({ slug, settings }: { slug: string; settings: StreamerSettings }) {
  const saved = pageDraftOf(settings.page);
  const [draft, setDraft] = useState<PageSettings>(saved);
  const { submit, problem, setProblem, isSaving } = useSectionSave(slug);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const update = (patch: Partial<PageSettings>) =>
    setDraft((current) => ({ ...current, ...patch }));
  const setLink = (index: number, patch: Partial<PageSettings['social_links'][number]>) =>
    update({
      social_links: draft.social_links.map((link, at) =>
        at === index ? { ...link, ...patch } : link,
      ),
    });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = pageSettingsSchema.safeParse(draft);
    submit(result.success ? { update: { page: draft } } : { problem: firstProblem(result) ?? '' });
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-5"
      data-settings-form="page"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <ImageUploadField slug={slug} slot="avatar" url={settings.page.avatar_url} />
        <ImageUploadField slug={slug} slot="cover" url={settings.page.cover_image_url} />
      </div>
      <Field label={SETTINGS_TEXT.nameLabel}>
        <Input
          value={draft.name}
          maxLength={SETTINGS_LIMITS.displayNameMaxChars}
          onChange={(event) => update({ name: event.target.value })}
        />
      </Field>
      <Field label={SETTINGS_TEXT.brandColorLabel} hint={SETTINGS_TEXT.brandColorHint}>
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label={SETTINGS_TEXT.brandColorLabel}
            value={/^#[0-9a-f]{6}$/i.test(draft.brand_color) ? draft.brand_color : '#000000'}
            onChange={(event) => update({ brand_color: event.target.value })}
            className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
          />
          <Input
            name="brand_color"
            value={draft.brand_color}
            spellCheck={false}
            onChange={(event) => update({ brand_color: event.target.value })}
            className="font-mono"
          />
        </div>
      </Field>
      <Field label={SETTINGS_TEXT.themeLabel} hint={SETTINGS_TEXT.themeHint}>
        <Select
          value={draft.theme}
          onChange={(event) => update({ theme: event.target.value as PageSettings['theme'] })}
        >
          {STREAMER_THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {THEME_LABELS[theme]}
            </option>
          ))}
        </Select>
      </Field>
      <RadioGroup
        legend={SETTINGS_TEXT.formVariantLabel}
        name="form_variant"
        value={draft.form_variant}
        options={FORM_VARIANTS.map((variant) => ({
          value: variant,
          label:
            variant === 'full' ? SETTINGS_TEXT.formVariantFull : SETTINGS_TEXT.formVariantSimple,
        }))}
        onChange={(formVariant) => update({ form_variant: formVariant })}
      />
      <RadioGroup
        legend={SETTINGS_TEXT.languageLabel}
        name="language"
        value={draft.language}
        options={LANGUAGES.map((language) => ({
          value: language,
          // Each name in its own script, marked so screen readers say it in that language.
          label: <span lang={language}>{LANGUAGE_LABELS[language]}</span>,
        }))}
        onChange={(language) => update({ language })}
      />
      <Field
        label={SETTINGS_TEXT.welcomeLabel}
        hint={`${SETTINGS_TEXT.welcomeHint} ${String(Array.from(draft.welcome_text).length)}/${String(SETTINGS_LIMITS.welcomeTextMaxChars)}`}
      >
        <Textarea
          value={draft.welcome_text}
          onChange={(event) => update({ welcome_text: event.target.value })}
        />
      </Field>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-slate-800">{SETTINGS_TEXT.socialLabel}</legend>
        <p className="text-xs text-slate-500">{SETTINGS_TEXT.socialHint}</p>
        {draft.social_links.map((link, index) => (
          <div key={index} className="flex flex-col gap-2 sm:flex-row">
            <Select
              aria-label={SETTINGS_TEXT.platformLabel}
              value={link.platform}
              onChange={(event) =>
                setLink(index, { platform: event.target.value as SocialPlatform })
              }
              className="sm:w-40"
            >
              {SOCIAL_PLATFORMS.map((platform) => (
                <option key={platform} value={platform}>
                  {PLATFORM_LABELS[platform]}
                </option>
              ))}
            </Select>
            <Input
              aria-label={SETTINGS_TEXT.linkUrlLabel}
              type="url"
              placeholder="https://"
              value={link.url}
              onChange={(event) => setLink(index, { url: event.target.value })}
            />
            <Button
              variant="ghost"
              aria-label={SETTINGS_TEXT.removeLink}
              onClick={() =>
                update({ social_links: draft.social_links.filter((_, at) => at !== index) })
              }
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        ))}
        {draft.social_links.length < SETTINGS_LIMITS.socialLinksMax && (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() =>
              update({ social_links: [...draft.social_links, { platform: 'youtube', url: '' }] })
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            {SETTINGS_TEXT.addLink}
          </Button>
        )}
      </fieldset>
      <Field
        label={SETTINGS_TEXT.mobileDialogTitleLabel}
        hint={SETTINGS_TEXT.mobileDialogTitleHint}
      >
        <Input
          value={draft.mobile_dialog_title ?? ''}
          placeholder={DEFAULT_MOBILE_DIALOG_TITLE}
          maxLength={SETTINGS_LIMITS.mobileDialogTitleMaxChars}
          onChange={(event) => update({ mobile_dialog_title: textOrNull(event.target.value) })}
        />
      </Field>
      <Field
        label={SETTINGS_TEXT.hyperemoteMessageLabel}
        hint={SETTINGS_TEXT.hyperemoteMessageHint}
      >
        <Input
          value={draft.hyperemote_message ?? ''}
          maxLength={SETTINGS_LIMITS.hyperemoteMessageMaxChars}
          onChange={(event) => update({ hyperemote_message: textOrNull(event.target.value) })}
        />
      </Field>
      <CheckboxField
        label={SETTINGS_TEXT.emotePickerLabel}
        checked={draft.show_emote_picker}
        onChange={(checked) => update({ show_emote_picker: checked })}
      />
      <CheckboxField
        label={SETTINGS_TEXT.leaderboardLabel}
        checked={draft.show_leaderboard}
        onChange={(checked) => update({ show_leaderboard: checked })}
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
