import { DONATION_TYPES, HYPEREMOTES } from '@shabaash/core';

import { INITIAL_FORM, type DonationFormState } from './donation-form';

/**
 * The donation form as the fan filled it, kept in this tab while they pay, so that "Back to
 * Donation Page" after a failed or cancelled payment returns to it filled (issue 32). A voice
 * recording is never kept: it belongs to its order. A paid order's status page clears it.
 * Checked by hand, not with zod: zod loads only when the fan presses Donate (page weight).
 */
function asFormState(value: unknown): DonationFormState | null {
  if (typeof value !== 'object' || value === null) return null;
  const draft = value as Record<string, unknown>;
  const isShortText = (field: unknown, max: number): field is string =>
    typeof field === 'string' && field.length <= max;
  const type = DONATION_TYPES.find((candidate) => candidate === draft.type);
  const hyperemote = HYPEREMOTES.find((emote) => emote.id === draft.hyperemoteId);
  if (
    !isShortText(draft.name, 200) ||
    typeof draft.isAnonymous !== 'boolean' ||
    !type ||
    !isShortText(draft.amountText, 20) ||
    !isShortText(draft.message, 2000) ||
    (draft.hyperemoteId !== null && !hyperemote)
  ) {
    return null;
  }
  return {
    ...INITIAL_FORM,
    name: draft.name,
    isAnonymous: draft.isAnonymous,
    type,
    amountText: draft.amountText,
    message: draft.message,
    hyperemoteId: hyperemote?.id ?? null,
  };
}

const keyOf = (slug: string) => `shabaash:donation-draft:${slug}`;

export function saveFormDraft(slug: string, form: DonationFormState): void {
  try {
    window.sessionStorage.setItem(keyOf(slug), JSON.stringify(form));
  } catch {
    // Storage full or blocked (private mode): the form simply starts empty next time.
  }
}

/** The kept form for this streamer, or null (none, or not one this version can read). */
export function readFormDraft(slug: string): DonationFormState | null {
  try {
    const stored = window.sessionStorage.getItem(keyOf(slug));
    if (stored === null) return null;
    return asFormState(JSON.parse(stored));
  } catch {
    return null;
  }
}

export function clearFormDraft(slug: string): void {
  try {
    window.sessionStorage.removeItem(keyOf(slug));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
