import type { Lead } from '@shabaash/core';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '../../../lib/api';

/** `POST /api/site/leads`: stores a sign-up lead (409 when the e-mail is already registered). */
export function useCreateLead() {
  return useMutation({
    mutationFn: (lead: Lead) =>
      apiFetch<{ id: string }>('/api/site/leads', { method: 'POST', body: lead }),
  });
}
