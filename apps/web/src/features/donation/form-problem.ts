import { useCallback, useEffect, useRef, useState } from 'react';

import { toast } from '../../lib/lazy-toast';
import type { DonationField, FormProblem } from './donation-form';

/**
 * The donation form's current problem (issue 32): a field's problem shows under that field and
 * moves the focus there (each control carries `data-field`); a problem with no field, the
 * payment system, is a toast. Editing the form clears the shown problem.
 */
export function useFormProblem() {
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!problem?.field) return;
    formRef.current?.querySelector<HTMLElement>(`[data-field="${problem.field}"]`)?.focus();
  }, [problem]);

  const show = (next: FormProblem) => {
    if (next.field) setProblem({ ...next });
    else toast.error(next.text.title, { description: next.text.description });
  };
  const clear = useCallback(() => setProblem(null), []);
  const errorAt = (field: DonationField) =>
    problem?.field === field ? problem.text.description : undefined;

  return { formRef, show, clear, errorAt };
}
