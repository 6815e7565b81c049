import type { StreamerSettings } from '@shabaash/core';
import { useState, type ComponentProps, type FormEvent } from 'react';

import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { SaveBar } from './settings-controls';
import { SETTINGS_TEXT } from './settings.constants';
import { moneyDraftFrom, moneyFromDraft, type MoneyDraft } from './settings-form';
import { useSectionSave } from './use-section-save';

/** A rupee amount as typed; forwards the id and aria wiring `Field` gives it. */
function RupeeInput({
  value,
  onChange,
  ...rest
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      {...rest}
      inputMode="decimal"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className="tabular-nums"
    />
  );
}

/** Minimum tip, hyperemote price and tiers, and the preset amount buttons (all in rupees). */
export function MoneySettingsForm({
  slug,
  settings,
}: {
  slug: string;
  settings: StreamerSettings;
}) {
  const saved = moneyDraftFrom(settings.money);
  const [draft, setDraft] = useState<MoneyDraft>(saved);
  const { submit, problem, setProblem, isSaving } = useSectionSave(slug);
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const update = (patch: Partial<MoneyDraft>) => setDraft((current) => ({ ...current, ...patch }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const built = moneyFromDraft(draft);
    if ('problem' in built) return submit(built);
    // Presets are saved sorted; show them so.
    submit({ update: { money: built.money } }, () => setDraft(moneyDraftFrom(built.money)));
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      className="flex flex-col gap-5"
      data-settings-form="money"
    >
      <Field label={SETTINGS_TEXT.minAmountLabel} hint={SETTINGS_TEXT.minAmountHint}>
        <RupeeInput value={draft.minAmount} onChange={(minAmount) => update({ minAmount })} />
      </Field>
      <Field label={SETTINGS_TEXT.presetsLabel} hint={SETTINGS_TEXT.presetsHint}>
        <RupeeInput value={draft.presets} onChange={(presets) => update({ presets })} />
      </Field>
      <Field label={SETTINGS_TEXT.hyperemotePriceLabel}>
        <RupeeInput
          value={draft.hyperemotePrice}
          onChange={(hyperemotePrice) => update({ hyperemotePrice })}
        />
      </Field>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          {SETTINGS_TEXT.tiersLabel}
        </legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {(
            [
              ['basicFrom', SETTINGS_TEXT.tierBasic],
              ['epicFrom', SETTINGS_TEXT.tierEpic],
              ['legendaryFrom', SETTINGS_TEXT.tierLegendary],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="flex flex-col gap-1 text-xs font-medium text-slate-600">
              {label}
              <RupeeInput value={draft[key]} onChange={(value) => update({ [key]: value })} />
            </label>
          ))}
        </div>
      </fieldset>
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
