import type { SettingsUpdate } from '@shabaash/core';
import { useState } from 'react';
import { toast } from '../../lib/lazy-toast';

import { errorText } from '../../lib/api-error';
import { SETTINGS_TEXT } from './settings.constants';
import { useSaveSettings } from './settings.queries';

/**
 * Saving one settings form: the form's own check first (its message shows at once, nothing is
 * sent), then the optimistic save; the server's refusal shows under the form and in a toast.
 */
export function useSectionSave(slug: string) {
  const save = useSaveSettings(slug);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (
    built: { update: SettingsUpdate } | { problem: string },
    onSaved?: () => void,
  ) => {
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    save.mutate(built.update, {
      onSuccess: () => {
        toast.success(SETTINGS_TEXT.saved);
        onSaved?.();
      },
      onError: (error) => {
        const message = errorText(error);
        setProblem(message);
        toast.error(SETTINGS_TEXT.saveFailed, { description: message });
      },
    });
  };

  return { submit, problem, setProblem, isSaving: save.isPending };
}
