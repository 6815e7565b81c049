import { GOAL_LIMITS, formatRupees, goalPercent } from '@shabaash/core';
import type { Goal } from '@shabaash/core';
import { Target } from 'lucide-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '../../lib/lazy-toast';

import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { errorText } from '../../lib/api-error';
import { useGoalMutations } from './dashboard-goal.queries';
import { GoalProgressBar } from './goal-progress-bar';
import { buildGoalRequest, goalFormFrom } from './goal-form';
import type { GoalFormState } from './goal-form';
import { formatDate } from '../../i18n/format';
import { activeLanguage } from '../../i18n/i18n';
import { GOAL_PANEL_TEXT, GOAL_TEXT } from './goals.constants';
import { useGoal } from './goals.queries';

/**
 * The dashboard's goal editor for one streamer: the current goal's progress, an edit form
 * that keeps progress, "start a new goal" (counting from zero), and remove. Self-contained:
 * it reads the session itself and needs only the slug.
 */
export function GoalPanel({ slug }: { slug: string }) {
  const query = useGoal(slug);

  return (
    <Card data-goal="dashboard">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Target aria-hidden="true" className="size-5 text-brand-700" />
          {GOAL_PANEL_TEXT.panelTitle}
        </CardTitle>
        <CardDescription>{GOAL_PANEL_TEXT.panelDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="h-40 animate-pulse rounded-xl bg-slate-100 motion-reduce:animate-none" />
        ) : query.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {GOAL_PANEL_TEXT.loadError} {GENERIC_ERROR_MESSAGE}
          </p>
        ) : (
          // A different goal (or none) starts the form afresh from its values.
          <GoalEditor key={query.data.goal?.id ?? 'none'} slug={slug} goal={query.data.goal} />
        )}
      </CardContent>
    </Card>
  );
}

function GoalEditor({ slug, goal }: { slug: string; goal: Goal | null }) {
  const [form, setForm] = useState<GoalFormState>(() => goalFormFrom(goal));
  const [problem, setProblem] = useState<string | null>(null);
  const mutations = useGoalMutations(slug);
  const isBusy =
    mutations.start.isPending || mutations.edit.isPending || mutations.remove.isPending;

  const update = (patch: Partial<GoalFormState>) =>
    setForm((current) => ({ ...current, ...patch }));

  const submit = (mode: 'start' | 'edit') => {
    const built = buildGoalRequest(form);
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    const handlers = {
      onSuccess: () => toast.success(GOAL_PANEL_TEXT.saved),
      onError: (error: unknown) => setProblem(errorText(error)),
    };
    if (mode === 'start') {
      mutations.start.mutate(built.request, handlers);
      return;
    }
    // An unchanged end date is not re-sent: a goal whose end has passed can still be renamed.
    const { ends_at: endsAt, ...rest } = built.request;
    const isEndUnchanged = form.endText === goalFormFrom(goal).endText;
    mutations.edit.mutate(isEndUnchanged ? rest : { ...rest, ends_at: endsAt }, handlers);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(goal ? 'edit' : 'start');
  };

  const handleRemove = () => {
    mutations.remove.mutate(undefined, {
      onSuccess: () => toast.success(GOAL_PANEL_TEXT.removed),
      onError: (error) => setProblem(errorText(error)),
    });
  };

  return (
    <div className="flex flex-col gap-5">
      {goal ? (
        <div className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4">
          <p className="font-semibold break-words text-slate-900">{goal.title}</p>
          <GoalProgressBar goal={goal} className="h-3" />
          <p className="text-sm text-slate-700 tabular-nums">
            {GOAL_TEXT.raisedOf(formatRupees(goal.raised_paise), formatRupees(goal.target_paise))} ·{' '}
            {goalPercent(goal)}%
            {goal.ends_at &&
              ` · ${goal.status === 'ended' ? GOAL_TEXT.ended : GOAL_TEXT.endsOn(formatDate(goal.ends_at, activeLanguage(), 'dayTime'))}`}
          </p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{GOAL_PANEL_TEXT.noGoal}</p>
      )}

      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <Field label={GOAL_PANEL_TEXT.titleLabel}>
          <Input
            name="goal-title"
            maxLength={GOAL_LIMITS.titleMaxChars}
            placeholder={GOAL_PANEL_TEXT.titlePlaceholder}
            value={form.title}
            disabled={isBusy}
            onChange={(event) => update({ title: event.target.value })}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={GOAL_PANEL_TEXT.targetLabel}>
            <Input
              name="goal-target"
              inputMode="decimal"
              placeholder={GOAL_PANEL_TEXT.targetPlaceholder}
              value={form.targetText}
              disabled={isBusy}
              onChange={(event) => update({ targetText: event.target.value })}
            />
          </Field>
          <Field label={GOAL_PANEL_TEXT.endLabel}>
            <Input
              name="goal-end"
              type="datetime-local"
              value={form.endText}
              disabled={isBusy}
              onChange={(event) => update({ endText: event.target.value })}
            />
          </Field>
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={isBusy}>
            {goal ? GOAL_PANEL_TEXT.saveChanges : GOAL_PANEL_TEXT.startGoal}
          </Button>
          {goal && (
            <>
              <Button
                type="button"
                variant="outline"
                disabled={isBusy}
                onClick={() => submit('start')}
              >
                {GOAL_PANEL_TEXT.startNewGoal}
              </Button>
              <Button type="button" variant="ghost" disabled={isBusy} onClick={handleRemove}>
                {GOAL_PANEL_TEXT.removeGoal}
              </Button>
            </>
          )}
        </div>
        {goal && (
          <p className="text-xs text-slate-500">
            {GOAL_PANEL_TEXT.saveHint} {GOAL_PANEL_TEXT.startNewHint}
          </p>
        )}
      </form>
    </div>
  );
}
