import {
  SETTINGS_LIMITS,
  alertSettingsSchema,
  type AlertVariation,
  type StreamerSettings,
} from '@shabaash/core';
import { BellRing, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useSendTestAlert } from '../test-alerts/use-send-test-alert';
import { AlertPreview } from './alert-preview';
import { AlertVariationEditor } from './alert-variation-editor';
import { SaveBar } from './settings-controls';
import { SETTINGS_TEXT } from './settings.constants';
import { firstProblem, newVariation } from './settings-form';
import { useSectionSave } from './use-section-save';

/**
 * Alert variations by donation type and amount, each with a live preview of the unsaved draft,
 * and a test alert to the streamer's open overlays.
 */
export function AlertSettingsForm({
  slug,
  settings,
}: {
  slug: string;
  settings: StreamerSettings;
}) {
  const saved = settings.alerts.variations;
  const savedMaxSeconds = String(settings.alerts.text_alert_max_ms / 1000);
  const [variations, setVariations] = useState<AlertVariation[]>(saved);
  const [maxSeconds, setMaxSeconds] = useState(savedMaxSeconds);
  const [selectedId, setSelectedId] = useState<string | null>(saved[0]?.id ?? null);
  const { submit, problem, setProblem, isSaving } = useSectionSave(slug);
  const testAlert = useSendTestAlert();
  const isDirty =
    JSON.stringify(variations) !== JSON.stringify(saved) || maxSeconds !== savedMaxSeconds;
  const selected = variations.find((variation) => variation.id === selectedId) ?? variations[0];

  const replace = (id: string, next: AlertVariation) =>
    setVariations((current) =>
      current.map((variation) => (variation.id === id ? next : variation)),
    );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Typed in seconds, saved in milliseconds; the schema checks the 5–60 s range.
    const alerts = { variations, text_alert_max_ms: Number(maxSeconds) * 1000 };
    const result = alertSettingsSchema.safeParse(alerts);
    submit(result.success ? { update: { alerts } } : { problem: firstProblem(result) ?? '' });
  };

  const handleAdd = () => {
    const variation = newVariation('text', 50_000);
    setVariations((current) => [...current, variation]);
    setSelectedId(variation.id);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-5"
      data-settings-form="alerts"
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-4">
          <div>
            <h3 className="text-base font-semibold text-slate-900">
              {SETTINGS_TEXT.variationsTitle}
            </h3>
            <p className="text-sm text-slate-600">{SETTINGS_TEXT.variationsHint}</p>
          </div>
          {variations.map((variation) => (
            <AlertVariationEditor
              key={variation.id}
              slug={slug}
              variation={variation}
              media={settings.alert_media}
              isSelected={variation.id === selected?.id}
              onSelect={() => setSelectedId(variation.id)}
              onChange={(next) => replace(variation.id, next)}
              onRemove={() =>
                setVariations((current) => current.filter((item) => item.id !== variation.id))
              }
            />
          ))}
          <Button variant="outline" size="sm" className="self-start" onClick={handleAdd}>
            <Plus aria-hidden="true" className="size-4" />
            {SETTINGS_TEXT.addVariation}
          </Button>
          <Field label={SETTINGS_TEXT.textAlertMaxLabel} hint={SETTINGS_TEXT.textAlertMaxHint}>
            <Input
              type="number"
              inputMode="numeric"
              min={SETTINGS_LIMITS.textAlertMaxMinMs / 1000}
              max={SETTINGS_LIMITS.textAlertMaxMaxMs / 1000}
              value={maxSeconds}
              onChange={(event) => setMaxSeconds(event.target.value)}
              className="w-28 tabular-nums"
            />
          </Field>
        </div>
        {/* On a phone the preview comes first, above the controls it follows. */}
        <aside className="order-first flex flex-col gap-3 lg:sticky lg:top-4 lg:order-none lg:self-start">
          <h3 className="text-base font-semibold text-slate-900">{SETTINGS_TEXT.previewTitle}</h3>
          {selected && <AlertPreview variation={selected} />}
          <Button
            variant="secondary"
            disabled={testAlert.isPending}
            onClick={() => testAlert.mutate(slug)}
          >
            <BellRing aria-hidden="true" className="size-4" />
            {testAlert.isPending ? SETTINGS_TEXT.sendingTestAlert : SETTINGS_TEXT.sendTestAlert}
          </Button>
        </aside>
      </div>
      <SaveBar
        isDirty={isDirty}
        isSaving={isSaving}
        problem={problem}
        onDiscard={() => {
          setVariations(saved);
          setMaxSeconds(savedMaxSeconds);
          setProblem(null);
        }}
      />
    </form>
  );
}
