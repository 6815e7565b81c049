import type { ContactRequest } from '@shabaash/core';
import { useMutation } from '@tanstack/react-query';

import { apiFetch } from '../../lib/api';

/** `POST /api/site/contact`: stores the message (and e-mails the team when configured). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactRequest) =>
      apiFetch<{ id: string }>('/api/site/contact', { method: 'POST', body: message }),
  });
}
