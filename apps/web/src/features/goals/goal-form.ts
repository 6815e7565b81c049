import { GOAL_MESSAGES, goalCreateSchema, parseRupeeInput } from '@shabaash/core';
import type { Goal, GoalCreateRequest } from '@shabaash/core';

/** What the streamer typed: the target in rupees and the end as a datetime-local value. */
export type GoalFormState = { title: string; targetText: string; endText: string };

export const EMPTY_GOAL_FORM: GoalFormState = { title: '', targetText: '', endText: '' };

/** A goal's values as the form shows them (the end in the browser's local time). */
export function goalFormFrom(goal: Goal | null | undefined): GoalFormState {
  if (!goal) return EMPTY_GOAL_FORM;
  return {
    title: goal.title,
    targetText: String(goal.target_paise / 100),
    endText: goal.ends_at ? toDateTimeLocal(new Date(goal.ends_at)) : '',
  };
}

/** `2026-12-01T20:00` in the browser's time zone, as <input type="datetime-local"> wants. */
export function toDateTimeLocal(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * Turns the form into the API's request, checked by the shared schema so the form and the
 * server give the same messages. Returns the request, or the first problem's message.
 */
export function buildGoalRequest(
  form: GoalFormState,
): { request: GoalCreateRequest } | { problem: string } {
  const targetPaise = parseRupeeInput(form.targetText);
  if (targetPaise === null) return { problem: GOAL_MESSAGES.invalidTarget };
  let endsAt: string | null = null;
  if (form.endText.trim() !== '') {
    const end = new Date(form.endText);
    if (Number.isNaN(end.getTime())) return { problem: GOAL_MESSAGES.invalidEndDate };
    endsAt = end.toISOString();
  }
  const parsed = goalCreateSchema.safeParse({
    title: form.title,
    target_paise: targetPaise,
    ends_at: endsAt,
  });
  if (!parsed.success)
    return { problem: parsed.error.issues[0]?.message ?? GOAL_MESSAGES.invalidTarget };
  return { request: parsed.data };
}
