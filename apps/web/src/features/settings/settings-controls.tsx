import type { ComponentProps, ReactNode } from 'react';

import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { SETTINGS_TEXT } from './settings.constants';

const SELECT_CLASSES =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm ' +
  'focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none ' +
  'disabled:cursor-not-allowed disabled:bg-slate-100';

/** A native select styled like the kit's inputs (phones get their own picker). */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(SELECT_CLASSES, className)} {...props} />;
}

/** A checkbox with its label beside it and an optional hint below. */
export function CheckboxField({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-3 text-sm text-slate-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 accent-brand-700"
      />
      <span className="flex flex-col gap-0.5">
        <span className="font-medium">{label}</span>
        {hint && <span className="text-xs text-slate-500">{hint}</span>}
      </span>
    </label>
  );
}

/** A group of radio buttons, one per option, in a fieldset with a legend. */
export function RadioGroup<Value extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: Value;
  options: ReadonlyArray<{ value: Value; label: ReactNode }>;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-3 text-sm text-slate-800">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="size-4 accent-brand-700"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The foot of every settings form: the problem (from the form's own check or the server),
 * then Save and Discard. Save is off until something changed.
 */
export function SaveBar({
  isDirty,
  isSaving,
  problem,
  onDiscard,
}: {
  isDirty: boolean;
  isSaving: boolean;
  problem: string | null;
  onDiscard: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-4">
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={!isDirty || isSaving}>
          {isSaving ? SETTINGS_TEXT.saving : SETTINGS_TEXT.save}
        </Button>
        {isDirty && !isSaving && (
          <>
            <Button variant="ghost" onClick={onDiscard}>
              {SETTINGS_TEXT.reset}
            </Button>
            <span className="text-sm text-slate-500">{SETTINGS_TEXT.unsaved}</span>
          </>
        )}
      </div>
    </div>
  );
}

/** A text in each language, Hindi and English side by side: what speech reads, what chat posts. */
export type LanguageTemplates = { hi: string; en: string };

/** The Hindi and English templates of one setting (speech, YouTube chat), one field each. */
export function LanguageTemplateFields({
  templates,
  labels,
  hint,
  onChange,
}: {
  templates: LanguageTemplates;
  labels: LanguageTemplates;
  hint: string;
  onChange: (templates: LanguageTemplates) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={labels.hi} hint={hint}>
        <Input
          lang="hi"
          value={templates.hi}
          onChange={(event) => onChange({ ...templates, hi: event.target.value })}
        />
      </Field>
      <Field label={labels.en} hint={hint}>
        <Input
          value={templates.en}
          onChange={(event) => onChange({ ...templates, en: event.target.value })}
        />
      </Field>
    </div>
  );
}
