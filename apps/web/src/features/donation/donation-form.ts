import {
  ANONYMOUS_DONOR_NAME,
  DONATION_LIMITS,
  belowMinimumMessage,
  countCharacters,
  parseRupeeInput,
} from '@shabaash/core';
import type {
  DonationType,
  HyperemoteId,
  OrderRequest,
  PublicStreamer,
  ToastText,
} from '@shabaash/core';
import type { z } from 'zod';

import type { VoiceRecordingValue } from '../voice-recorder/voice-recorder.types';
import { RECORDING_IN_PROGRESS, TEXT_TIP_HINTS, DONATION_TOASTS } from './donation.constants';

/**
 * What the page promises a text tip of the typed amount (issue 23): "Read out on stream" only
 * when the streamer has speech on and the amount reaches their minimum for it. Before an
 * amount is typed, a minimum above the page's own is named. No `speech` (an old profile): on,
 * from ₹1, the defaults.
 */
export function textTipPromise(
  speech: PublicStreamer['speech'],
  amountText: string,
  pageMinAmountPaise: number,
): { isReadAloud: boolean; hint: string } {
  const { enabled, min_amount_paise: min } = speech ?? { enabled: true, min_amount_paise: 100 };
  if (!enabled) return { isReadAloud: false, hint: TEXT_TIP_HINTS.shownOnly };
  const amount = parseRupeeInput(amountText) ?? pageMinAmountPaise;
  return amount >= min
    ? { isReadAloud: true, hint: TEXT_TIP_HINTS.readAloud }
    : { isReadAloud: false, hint: TEXT_TIP_HINTS.readAloudFrom(min) };
}

/** What the fan has typed into the full form (amount as typed, in rupees). */
export type DonationFormState = {
  name: string;
  /** Tip as 'Anonymous': the name box is set aside and the typed name is never sent. */
  isAnonymous: boolean;
  type: DonationType;
  amountText: string;
  message: string;
  hyperemoteId: HyperemoteId | null;
};

/** The order request without the phone, which the mobile-number dialog adds. */
/** The order before the mobile dialog, which adds the phone and the fan's consents (issue 29). */
export type OrderDraft = Omit<
  OrderRequest,
  'phone' | 'age_confirmed' | 'stream_consent' | 'marketing_consent'
>;

export type CheckoutStatus = 'loading' | 'ready' | 'error';

/** The part of the form a problem belongs to: its error shows there, and it takes the focus. */
export type DonationField = 'name' | 'voice' | 'message' | 'hyperemote' | 'amount' | 'media';

/**
 * What stops the form: the text, and the field it belongs to (shown inline under it), or no
 * field when the payment system is the problem (shown as a toast).
 */
export type FormProblem = { field: DonationField | null; text: ToastText };

const at = (field: DonationField | null, text: ToastText | null): FormProblem | null =>
  text && { field, text };

/**
 * The emote a hyperemote donation carries when the streamer shows no picker: the order needs
 * one (the shared schema requires it), and an excited face suits a tip that rains emoji.
 */
export const DEFAULT_HYPEREMOTE_ID: HyperemoteId = 'excited';

export const INITIAL_FORM: DonationFormState = {
  name: '',
  isAnonymous: false,
  type: 'text',
  amountText: '',
  message: '',
  hyperemoteId: null,
};

/** 5000 → "50", 5150 → "51.50": paise as the amount box shows them. */
export function amountTextFromPaise(amountPaise: number): string {
  const rupees = Math.floor(amountPaise / 100);
  const paise = amountPaise % 100;
  return paise === 0 ? String(rupees) : `${rupees}.${String(paise).padStart(2, '0')}`;
}

/**
 * The typed amount in paise when it is a valid donation amount (the streamer's minimum, ₹1 by
 * default, to ₹1,00,000), else null.
 */
export function validAmountPaise(
  amountText: string,
  minAmountPaise: number = DONATION_LIMITS.minAmountPaise,
): number | null {
  const amountPaise = parseRupeeInput(amountText);
  if (amountPaise === null) return null;
  if (amountPaise < Math.max(minAmountPaise, DONATION_LIMITS.minAmountPaise)) return null;
  if (amountPaise > DONATION_LIMITS.maxAmountPaise) return null;
  return amountPaise;
}

/** Whether the typed amount is a real amount that only falls short of the streamer's minimum. */
export function isBelowMinimum(amountText: string, minAmountPaise: number): boolean {
  const amountPaise = validAmountPaise(amountText);
  return amountPaise !== null && amountPaise < minAmountPaise;
}

/** The amount's problem as a toast under `title`: below the streamer's minimum, or invalid. */
function amountProblem(
  amountText: string,
  minAmountPaise: number,
  invalid: ToastText,
): ToastText | null {
  if (isBelowMinimum(amountText, minAmountPaise)) {
    return { title: invalid.title, description: belowMinimumMessage(minAmountPaise) };
  }
  return validAmountPaise(amountText, minAmountPaise) === null ? invalid : null;
}

/**
 * Spec 02 §4, Donation type effects: hyperemote sets the amount to the streamer's hyperemote
 * price (the field is then locked) and clears the message, or sets it to the page's
 * celebration text when it has one; the other types clear the amount.
 */
export function changeDonationType(
  form: DonationFormState,
  type: DonationType,
  options: {
    hyperemotePricePaise: number;
    showEmotePicker: boolean;
    hyperemoteMessage: string | null;
  },
): DonationFormState {
  if (type === form.type) return form;
  if (type === 'hyperemote') {
    return {
      ...form,
      type,
      amountText: amountTextFromPaise(options.hyperemotePricePaise),
      message: options.hyperemoteMessage ?? '',
      hyperemoteId: options.showEmotePicker ? null : DEFAULT_HYPEREMOTE_ID,
    };
  }
  return { ...form, type, amountText: '', hyperemoteId: null };
}

/** Cuts text to the message limit, counting characters as people see them (emoji = 1). */
export function clampMessage(text: string): string {
  if (countCharacters(text) <= DONATION_LIMITS.messageMaxChars) return text;
  return Array.from(text).slice(0, DONATION_LIMITS.messageMaxChars).join('');
}

/**
 * Inserts `insert` over the selection [start, end) of `text` (the caret when equal). Returns
 * null when the result would pass the message limit, so a quick-insert emoji never truncates.
 */
export function insertAtSelection(
  text: string,
  insert: string,
  start: number,
  end: number,
): { text: string; caret: number } | null {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const next = text.slice(0, from) + insert + text.slice(to);
  if (countCharacters(next) > DONATION_LIMITS.messageMaxChars) return null;
  return { text: next, caret: from + insert.length };
}

/** An anonymous tip needs no name; any other needs one within the limit. */
function nameProblem({
  name,
  isAnonymous,
}: {
  name: string;
  isAnonymous: boolean;
}): ToastText | null {
  if (isAnonymous) return null;
  const trimmed = name.trim();
  if (trimmed === '') return DONATION_TOASTS.nameRequired;
  if (countCharacters(trimmed) > DONATION_LIMITS.nameMaxChars) {
    return {
      title: DONATION_TOASTS.nameRequired.title,
      description: DONATION_TOASTS.nameTooLong,
    };
  }
  return null;
}

function checkoutProblem(status: CheckoutStatus): ToastText | null {
  if (status === 'loading') return DONATION_TOASTS.paymentNotReady;
  if (status === 'error') return DONATION_TOASTS.paymentSystemError;
  return null;
}

/**
 * The full form's checks, in the spec's order (02 §5): name, voice recording, text message,
 * (hyperemote choice), amount, payment system. Returns the first problem, or null.
 */
export function validateFullForm(input: {
  form: DonationFormState;
  voice: VoiceRecordingValue;
  checkoutStatus: CheckoutStatus;
  /** The streamer's minimum (₹1 when unset). */
  minAmountPaise?: number;
}): FormProblem | null {
  const { form, voice } = input;
  const name = at('name', nameProblem(form));
  if (name) return name;

  if (form.type === 'voice' && voice.status !== 'uploaded') {
    return at(
      'voice',
      voice.status === 'failed'
        ? DONATION_TOASTS.voiceUploadInvalid
        : DONATION_TOASTS.voiceRequired,
    );
  }
  if (form.type === 'text') {
    if (form.message.trim() === '') return at('message', DONATION_TOASTS.messageRequired);
    if (countCharacters(form.message) > DONATION_LIMITS.messageMaxChars) {
      return at('message', {
        title: DONATION_TOASTS.messageRequired.title,
        description: DONATION_TOASTS.messageTooLong,
      });
    }
  }
  if (form.type === 'hyperemote' && !form.hyperemoteId) {
    return at('hyperemote', DONATION_TOASTS.hyperemoteRequired);
  }
  const amount = amountProblem(
    form.amountText,
    input.minAmountPaise ?? DONATION_LIMITS.minAmountPaise,
    DONATION_TOASTS.invalidAmount,
  );
  return at('amount', amount) ?? at(null, checkoutProblem(input.checkoutStatus));
}

/**
 * Who the order names: the trimmed name, or for an anonymous tip 'Anonymous' and the flag (the
 * typed name stays in the browser).
 */
function donorFields(form: { name: string; isAnonymous: boolean }) {
  return form.isAnonymous
    ? { name: ANONYMOUS_DONOR_NAME, anonymous: true }
    : { name: form.name.trim() };
}

/** The order the full form asks for; call after `validateFullForm` passed. */
export function buildFullOrderDraft(
  form: DonationFormState,
  voice: VoiceRecordingValue,
): OrderDraft {
  const base = {
    ...donorFields(form),
    type: form.type,
    amount_paise: validAmountPaise(form.amountText) ?? 0,
  };
  if (form.type === 'voice') {
    const uploadId = voice.status === 'uploaded' ? voice.uploadId : undefined;
    return { ...base, message: '', voice_upload_id: uploadId };
  }
  if (form.type === 'hyperemote') {
    // The message is empty unless the page set its celebration text (changeDonationType).
    return {
      ...base,
      message: form.message,
      hyperemote_id: form.hyperemoteId ?? DEFAULT_HYPEREMOTE_ID,
    };
  }
  return { ...base, message: form.message };
}

/** What the fan has typed into the simple (CodeLive/ArtCreate) form. */
export type SimpleFormState = {
  name: string;
  isAnonymous: boolean;
  amountText: string;
  message: string;
};

/**
 * The simple form's checks (spec 02 §5: name required, amount above 0, message optional), all
 * answered by the one 'Validation Error' text at the first field that fails; then the voice
 * recording and payment system.
 */
export function validateSimpleForm(input: {
  form: SimpleFormState;
  voice: VoiceRecordingValue;
  checkoutStatus: CheckoutStatus;
  /** The streamer's minimum (₹1 when unset). */
  minAmountPaise?: number;
}): FormProblem | null {
  const { form, voice } = input;
  const amount = amountProblem(
    form.amountText,
    input.minAmountPaise ?? DONATION_LIMITS.minAmountPaise,
    DONATION_TOASTS.simpleFormInvalid,
  );
  const invalid = DONATION_TOASTS.simpleFormInvalid;
  if (nameProblem(form)) return at('name', invalid);
  if (amount) return at('amount', amount);
  if (countCharacters(form.message) > DONATION_LIMITS.messageMaxChars) {
    return at('message', invalid);
  }
  if (voice.status === 'recording') return at('voice', RECORDING_IN_PROGRESS);
  if (voice.status === 'failed') return at('voice', DONATION_TOASTS.voiceUploadInvalid);
  return at(null, checkoutProblem(input.checkoutStatus));
}

/**
 * The simple form has no type picker, so the type follows what the fan gave: a recording makes
 * a voice tip, a message a text tip, and a bare amount a hyperemote (the form's 'Hyperemote
 * Activated!' badge promises the effect for any amount).
 */
export function buildSimpleOrderDraft(
  form: SimpleFormState,
  voice: VoiceRecordingValue,
): OrderDraft {
  const base = {
    ...donorFields(form),
    amount_paise: validAmountPaise(form.amountText) ?? 0,
    message: form.message,
  };
  if (voice.status === 'uploaded')
    return { ...base, type: 'voice', voice_upload_id: voice.uploadId };
  if (form.message.trim() !== '') return { ...base, type: 'text' };
  return { ...base, type: 'hyperemote', hyperemote_id: DEFAULT_HYPEREMOTE_ID };
}

const ISSUE_TITLES: Partial<Record<PropertyKey, string>> = {
  name: DONATION_TOASTS.nameRequired.title,
  amount_paise: DONATION_TOASTS.invalidAmount.title,
  message: DONATION_TOASTS.messageRequired.title,
  voice_upload_id: DONATION_TOASTS.voiceRequired.title,
  hyperemote_id: DONATION_TOASTS.hyperemoteRequired.title,
};

/**
 * The toast for an order the shared schema refused. The form's own checks run first and give
 * the spec's exact toasts; this is the safety net that keeps page and server in agreement.
 */
export function orderIssueToast(error: z.ZodError): ToastText {
  const issue = error.issues[0];
  const field = issue?.path[0];
  return {
    title: (field !== undefined && ISSUE_TITLES[field]) || DONATION_TOASTS.simpleFormInvalid.title,
    description: issue?.message ?? DONATION_TOASTS.simpleFormInvalid.description,
  };
}
