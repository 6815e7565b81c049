import { parseRupeeInput, type PublicMediaTips } from '@shabaash/core';

import { MEDIA_TIP_TEXT as TEXT } from './media-tip.constants';
import type { MediaTipValue } from './media-tip.types';

/** Where the picker is: no file, uploading (with progress), ready, or refused (and why). */
export type Phase =
  | { kind: 'idle' }
  | { kind: 'uploading'; fraction: number }
  | { kind: 'ready'; uploadId: string }
  | { kind: 'failed'; message: string };

/** The form's view of the picker: the upload to order with, or what stops the tip and where. */
export function mediaTipValue(
  phase: Phase,
  limits: PublicMediaTips | null,
  amountText: string,
): MediaTipValue {
  const atMedia = (description: string) => ({
    field: 'media' as const,
    text: { title: TEXT.requiredTitle, description },
  });
  if (phase.kind === 'idle') return { uploadId: undefined, problem: atMedia(TEXT.required) };
  if (phase.kind === 'failed') return { uploadId: undefined, problem: atMedia(phase.message) };
  if (phase.kind === 'uploading')
    return { uploadId: undefined, problem: atMedia(TEXT.waitForUpload) };
  const amountPaise = parseRupeeInput(amountText);
  if (limits && amountPaise !== null && amountPaise < limits.min_amount_paise) {
    const description = TEXT.belowMinimum(limits.min_amount_paise);
    return {
      uploadId: phase.uploadId,
      problem: { field: 'amount', text: { title: TEXT.amountTitle, description } },
    };
  }
  return { uploadId: phase.uploadId, problem: null };
}
