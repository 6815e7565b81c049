import {
  ALERT_THEMES,
  BUNDLED_IMAGES,
  BUNDLED_SOUNDS,
  DONATION_TYPES,
  SETTINGS_LIMITS,
  SETTINGS_MESSAGES,
  parseRupeeInput,
  type AlertMedia,
  type AlertSound,
  type AlertVariation,
  type DonationType,
} from '@shabaash/core';
import { Trash2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from '../../lib/lazy-toast';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { errorText } from '../../lib/api-error';
import { cn } from '../../lib/cn';
import { AlertDesignEditor } from './alert-design-editor';
import { applyTheme, imageChoiceOf, withDesign, withImageChoice } from './alert-designer';
import { DESIGNER_TEXT } from './alert-designer.constants';
import { AlertThemePicker } from './alert-theme-picker';
import { Select } from './settings-controls';
import { DONATION_TYPE_LABELS, SETTINGS_TEXT, SOUND_LABELS } from './settings.constants';
import { rupeesText } from './settings-form';
import { useAlertMediaUpload } from './settings.queries';

function soundValue(sound: AlertSound): string {
  if (sound.kind === 'bundled') return `bundled:${sound.id}`;
  if (sound.kind === 'upload') return `upload:${sound.media_id}`;
  return 'none';
}

function soundFromValue(value: string): AlertSound {
  const [kind, id = ''] = value.split(':');
  if (kind === 'upload') return { kind: 'upload', media_id: id };
  const bundled = BUNDLED_SOUNDS.find((sound) => sound.id === id);
  return kind === 'bundled' && bundled ? { kind: 'bundled', id: bundled.id } : { kind: 'none' };
}

/** A rupee box that keeps what was typed and reports paise (or null while it is not a number). */
function RupeeBox({
  label,
  paise,
  onChange,
}: {
  label: string;
  paise: number;
  onChange: (paise: number) => void;
}) {
  const [text, setText] = useState(rupeesText(paise));
  return (
    <Field label={label}>
      <Input
        inputMode="decimal"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const parsed = event.target.value.trim() === '' ? 0 : parseRupeeInput(event.target.value);
          if (parsed !== null) onChange(parsed);
        }}
        className="tabular-nums"
      />
    </Field>
  );
}

/**
 * One alert variation: when it plays (type, from which amount), for how long, with which sound
 * and picture, and its text. Sounds and pictures can be uploaded from here.
 */
export function AlertVariationEditor({
  slug,
  variation,
  media,
  isSelected,
  onSelect,
  onChange,
  onRemove,
}: {
  slug: string;
  variation: AlertVariation;
  media: AlertMedia[];
  isSelected: boolean;
  onSelect: () => void;
  onChange: (variation: AlertVariation) => void;
  onRemove: () => void;
}) {
  const upload = useAlertMediaUpload(slug);
  const soundInput = useRef<HTMLInputElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const update = (patch: Partial<AlertVariation>) => onChange({ ...variation, ...patch });
  const sounds = media.filter((item) => item.kind === 'alert_sound');
  const images = media.filter((item) => item.kind === 'alert_image');

  const handleUpload = (kind: 'sound' | 'image', file: File | undefined) => {
    if (!file) return;
    const limit = kind === 'sound' ? SETTINGS_LIMITS.soundMaxBytes : SETTINGS_LIMITS.imageMaxBytes;
    if (file.size > limit) {
      setProblem(
        kind === 'sound' ? SETTINGS_MESSAGES.soundTooLarge : SETTINGS_MESSAGES.imageTooLarge,
      );
      return;
    }
    setProblem(null);
    upload.mutate(
      { kind, file },
      {
        onSuccess: (uploaded) => {
          toast.success(SETTINGS_TEXT.mediaUploaded);
          if (kind === 'sound') update({ sound: { kind: 'upload', media_id: uploaded.id } });
          else onChange(withImageChoice(variation, `media:${uploaded.id}`, BUNDLED_IMAGES));
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <fieldset
      data-variation-id={variation.id}
      onFocus={onSelect}
      onClick={onSelect}
      className={cn(
        'flex flex-col gap-4 rounded-xl border p-4',
        isSelected ? 'border-brand-600 ring-2 ring-brand-600/20' : 'border-slate-200',
      )}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={SETTINGS_TEXT.donationTypeLabel}>
          <Select
            value={variation.donation_type}
            onChange={(event) => update({ donation_type: event.target.value as DonationType })}
          >
            {DONATION_TYPES.map((type) => (
              <option key={type} value={type}>
                {DONATION_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </Field>
        <RupeeBox
          label={SETTINGS_TEXT.fromAmountLabel}
          paise={variation.min_amount_paise}
          onChange={(paise) => update({ min_amount_paise: paise })}
        />
        <Field label={SETTINGS_TEXT.durationLabel} hint={SETTINGS_TEXT.durationHint}>
          <Input
            inputMode="numeric"
            value={variation.duration_ms === null ? '' : String(variation.duration_ms / 1000)}
            onChange={(event) => {
              const seconds = Number(event.target.value);
              update({
                duration_ms:
                  event.target.value.trim() === '' || !Number.isFinite(seconds)
                    ? null
                    : Math.round(seconds * 1000),
              });
            }}
          />
        </Field>
      </div>
      <Field label={SETTINGS_TEXT.templateLabel} hint={SETTINGS_TEXT.templateHint()}>
        <Input
          name="alert_template"
          value={variation.template}
          maxLength={SETTINGS_LIMITS.templateMaxChars}
          onChange={(event) => update({ template: event.target.value })}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Field label={SETTINGS_TEXT.soundLabel}>
            <Select
              value={soundValue(variation.sound)}
              onChange={(event) => update({ sound: soundFromValue(event.target.value) })}
            >
              <option value="none">{SETTINGS_TEXT.soundNone}</option>
              {BUNDLED_SOUNDS.map((sound) => (
                <option key={sound.id} value={`bundled:${sound.id}`}>
                  {SOUND_LABELS[sound.id]}
                </option>
              ))}
              {sounds.map((sound, index) => (
                <option key={sound.id} value={`upload:${sound.id}`}>
                  {`Uploaded sound ${String(sounds.length - index)}`}
                </option>
              ))}
            </Select>
          </Field>
          <input
            ref={soundInput}
            type="file"
            accept="audio/mpeg,audio/ogg,.mp3,.ogg"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              handleUpload('sound', event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={upload.isPending}
            onClick={() => soundInput.current?.click()}
          >
            <Upload aria-hidden="true" className="size-4" />
            {SETTINGS_TEXT.uploadSound}
          </Button>
        </div>
        <div className="flex flex-col gap-2">
          <Field label={SETTINGS_TEXT.imageLabel}>
            <Select
              value={imageChoiceOf(variation)}
              onChange={(event) =>
                onChange(withImageChoice(variation, event.target.value, BUNDLED_IMAGES))
              }
            >
              <option value="">{SETTINGS_TEXT.imageNone}</option>
              {ALERT_THEMES.map((theme) => (
                <option key={theme.id} value={`bundled:${theme.id}`}>
                  {DESIGNER_TEXT.themeImage(theme.name)}
                </option>
              ))}
              {images.map((image, index) => (
                <option key={image.id} value={`media:${image.id}`}>
                  {`Uploaded image ${String(images.length - index)}`}
                </option>
              ))}
            </Select>
          </Field>
          <input
            ref={imageInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => {
              handleUpload('image', event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={upload.isPending}
            onClick={() => imageInput.current?.click()}
          >
            <Upload aria-hidden="true" className="size-4" />
            {SETTINGS_TEXT.uploadImage}
          </Button>
        </div>
      </div>
      {/* The designer opens for the variation being edited, so the list stays short. */}
      {isSelected && (
        <div className="flex flex-col gap-4 border-t border-slate-200 pt-4">
          <AlertThemePicker
            current={variation.design.theme}
            onApply={(theme) => {
              onChange(applyTheme(variation, theme));
              toast.success(DESIGNER_TEXT.themeApplied(theme.name));
            }}
          />
          <h4 className="text-sm font-semibold text-slate-900">{DESIGNER_TEXT.designTitle}</h4>
          <AlertDesignEditor
            design={variation.design}
            onChange={(patch) => onChange(withDesign(variation, patch))}
          />
        </div>
      )}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="w-full sm:w-56">
          <RupeeBox
            label={SETTINGS_TEXT.soundMinLabel}
            paise={variation.sound_min_amount_paise}
            onChange={(paise) => update({ sound_min_amount_paise: paise })}
          />
        </div>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-4" />
          {SETTINGS_TEXT.removeVariation}
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
