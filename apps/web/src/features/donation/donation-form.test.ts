import { DONATION_MESSAGES, orderRequestSchema } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import type { VoiceRecordingValue } from '../voice-recorder/voice-recorder.types';
import { RECORDING_IN_PROGRESS } from './donation.constants';
import {
  DEFAULT_HYPEREMOTE_ID,
  INITIAL_FORM,
  amountTextFromPaise,
  buildFullOrderDraft,
  buildSimpleOrderDraft,
  changeDonationType,
  clampMessage,
  insertAtSelection,
  orderIssueToast,
  textTipPromise,
  validAmountPaise,
  validateFullForm,
  validateSimpleForm,
} from './donation-form';
import type { DonationFormState } from './donation-form';

const UPLOAD_ID = '3f1c2a9e-8b7d-4c6e-9a5f-1e2d3c4b5a69';
const uploaded: VoiceRecordingValue = {
  status: 'uploaded',
  uploadId: UPLOAD_ID,
  durationMs: 3000,
  reupload: () => Promise.resolve(null),
};
const noVoice: VoiceRecordingValue = { status: 'none' };

const form = (overrides: Partial<DonationFormState> = {}): DonationFormState => ({
  ...INITIAL_FORM,
  name: 'Priya',
  amountText: '51',
  message: 'Great stream!',
  ...overrides,
});

describe('amount helpers', () => {
  it.each([
    [100, '1'],
    [5000, '50'],
    [5150, '51.50'],
    [5105, '51.05'],
    [10_000_000, '100000'],
  ])('amountTextFromPaise(%i) → %s', (paise, text) => {
    expect(amountTextFromPaise(paise)).toBe(text);
  });

  it.each([
    ['51', 5100],
    ['1', 100],
    ['100000', 10_000_000],
    ['51.5', 5150],
    ['0', null],
    ['0.99', null],
    ['100000.01', null],
    ['-5', null],
    ['abc', null],
    ['1e9', null],
    ['', null],
  ])('validAmountPaise(%j) → %j', (text, paise) => {
    expect(validAmountPaise(text)).toBe(paise);
  });
});

describe('changeDonationType (spec 02 §4, Donation type effects)', () => {
  const options = { hyperemotePricePaise: 5000, showEmotePicker: true, hyperemoteMessage: null };

  it('hyperemote sets the price as the amount and clears the message', () => {
    const next = changeDonationType(form(), 'hyperemote', options);
    expect(next).toMatchObject({ type: 'hyperemote', amountText: '50', message: '' });
    expect(next.hyperemoteId).toBeNull();
  });

  it("hyperemote sets the page's celebration text as the message when it has one", () => {
    const next = changeDonationType(form(), 'hyperemote', {
      ...options,
      hyperemoteMessage: '🎉 Party time! 🎉',
    });
    expect(next).toMatchObject({ type: 'hyperemote', message: '🎉 Party time! 🎉' });
  });

  it('without a picker, hyperemote carries the default emote', () => {
    const next = changeDonationType(form(), 'hyperemote', { ...options, showEmotePicker: false });
    expect(next.hyperemoteId).toBe(DEFAULT_HYPEREMOTE_ID);
  });

  it('the other types clear the amount but keep the message', () => {
    const hyperemote = changeDonationType(form(), 'hyperemote', options);
    expect(changeDonationType(hyperemote, 'text', options)).toMatchObject({
      type: 'text',
      amountText: '',
      hyperemoteId: null,
    });
    expect(changeDonationType(form(), 'voice', options)).toMatchObject({
      amountText: '',
      message: 'Great stream!',
    });
  });

  it('choosing the current type changes nothing', () => {
    const current = form();
    expect(changeDonationType(current, 'text', options)).toBe(current);
  });
});

describe('message helpers', () => {
  it('clampMessage counts emoji as one character', () => {
    expect(clampMessage('🔥'.repeat(600))).toBe('🔥'.repeat(500));
    expect(clampMessage('ok')).toBe('ok');
  });

  it('insertAtSelection inserts at the caret or over a selection', () => {
    expect(insertAtSelection('Hello world', '🔥', 5, 5)).toEqual({
      text: 'Hello🔥 world',
      caret: 7,
    });
    expect(insertAtSelection('Hello world', '👏', 6, 11)).toEqual({ text: 'Hello 👏', caret: 8 });
  });

  it('insertAtSelection refuses to pass 500 characters', () => {
    expect(insertAtSelection('a'.repeat(500), '🔥', 500, 500)).toBeNull();
    expect(insertAtSelection('a'.repeat(499), '🔥', 499, 499)?.text).toHaveLength(501);
  });
});

describe('validateFullForm (spec 02 §5, in order)', () => {
  const validate = (
    overrides: Partial<DonationFormState>,
    voice: VoiceRecordingValue = noVoice,
    checkoutStatus: 'loading' | 'ready' | 'error' = 'ready',
  ) => validateFullForm({ form: form(overrides), voice, checkoutStatus });

  it('passes a complete text tip', () => {
    expect(validate({})).toBeNull();
  });

  it('checks the name first', () => {
    expect(validate({ name: '   ', amountText: '0', message: '' }, noVoice, 'loading')).toEqual({
      field: 'name',
      text: DONATION_MESSAGES.nameRequired,
    });
    expect(validate({ name: 'x'.repeat(51) })?.text.description).toBe(
      DONATION_MESSAGES.nameTooLong,
    );
  });

  it('then the voice recording', () => {
    expect(validate({ type: 'voice', amountText: '0' })).toEqual({
      field: 'voice',
      text: DONATION_MESSAGES.voiceRequired,
    });
    expect(validate({ type: 'voice' }, { status: 'recording' })?.text).toEqual(
      DONATION_MESSAGES.voiceRequired,
    );
    expect(validate({ type: 'voice' }, { status: 'failed' })?.text).toEqual(
      DONATION_MESSAGES.voiceUploadInvalid,
    );
    expect(validate({ type: 'voice', message: '' }, uploaded)).toBeNull();
  });

  it('then the text message', () => {
    expect(validate({ message: '  ', amountText: '0' })).toEqual({
      field: 'message',
      text: DONATION_MESSAGES.messageRequired,
    });
    expect(validate({ message: 'a'.repeat(501) })?.text.description).toBe(
      DONATION_MESSAGES.messageTooLong,
    );
  });

  it('then the hyperemote choice', () => {
    expect(validate({ type: 'hyperemote', hyperemoteId: null, message: '' })).toEqual({
      field: 'hyperemote',
      text: DONATION_MESSAGES.hyperemoteRequired,
    });
    expect(validate({ type: 'hyperemote', hyperemoteId: 'love', message: '' })).toBeNull();
  });

  it.each(['0', '', '-1', '100000.01', 'abc', '1e9'])('then the amount (%j)', (amountText) => {
    expect(validate({ amountText }, noVoice, 'loading')).toEqual({
      field: 'amount',
      text: DONATION_MESSAGES.invalidAmount,
    });
  });

  it('and last the payment system, which belongs to no field (a toast)', () => {
    expect(validate({}, noVoice, 'loading')).toEqual({
      field: null,
      text: DONATION_MESSAGES.paymentNotReady,
    });
    expect(validate({}, noVoice, 'error')?.text).toEqual(DONATION_MESSAGES.paymentSystemError);
  });
});

describe('validateSimpleForm', () => {
  const simple = { name: 'Priya', isAnonymous: false, amountText: '10', message: '' };
  const validate = (
    overrides: Partial<typeof simple>,
    voice: VoiceRecordingValue = noVoice,
    checkoutStatus: 'loading' | 'ready' | 'error' = 'ready',
  ) => validateSimpleForm({ form: { ...simple, ...overrides }, voice, checkoutStatus });

  it('passes name and amount without a message', () => {
    expect(validate({})).toBeNull();
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ amountText: '0' }, 'amount'],
    [{ amountText: '' }, 'amount'],
    [{ message: 'a'.repeat(501) }, 'message'],
  ] as const)('answers %j with the one Validation Error text at %s', (overrides, field) => {
    expect(validate(overrides)).toEqual({ field, text: DONATION_MESSAGES.simpleFormInvalid });
  });

  it('waits for a running recording and reports a failed upload', () => {
    expect(validate({}, { status: 'recording' })).toEqual({
      field: 'voice',
      text: RECORDING_IN_PROGRESS,
    });
    expect(validate({}, { status: 'failed' })?.text).toEqual(DONATION_MESSAGES.voiceUploadInvalid);
  });

  it('checks the payment system last', () => {
    expect(validate({}, noVoice, 'loading')).toEqual({
      field: null,
      text: DONATION_MESSAGES.paymentNotReady,
    });
  });
});

describe('order drafts pass the shared schema', () => {
  const withPhone = (draft: object) =>
    orderRequestSchema.safeParse({
      ...draft,
      phone: '9876543210',
      // What the mobile dialog adds (issue 29).
      age_confirmed: true,
      stream_consent: true,
    });

  it('text tip', () => {
    const draft = buildFullOrderDraft(form({ name: '  Priya ' }), noVoice);
    expect(draft).toEqual({
      name: 'Priya',
      type: 'text',
      amount_paise: 5100,
      message: 'Great stream!',
    });
    expect(withPhone(draft).success).toBe(true);
  });

  it('voice tip drops the message and names the upload', () => {
    const draft = buildFullOrderDraft(form({ type: 'voice' }), uploaded);
    expect(draft).toMatchObject({ type: 'voice', message: '', voice_upload_id: UPLOAD_ID });
    expect(withPhone(draft).success).toBe(true);
  });

  it('hyperemote tip names the emote', () => {
    const draft = buildFullOrderDraft(
      form({ type: 'hyperemote', hyperemoteId: 'love', amountText: '50' }),
      noVoice,
    );
    expect(draft).toMatchObject({ type: 'hyperemote', hyperemote_id: 'love', amount_paise: 5000 });
    expect(withPhone(draft).success).toBe(true);
  });

  it('hyperemote tip carries the celebration text the page put in the message', () => {
    const draft = buildFullOrderDraft(
      form({ type: 'hyperemote', hyperemoteId: 'love', amountText: '50', message: '🎉 Yay!' }),
      noVoice,
    );
    expect(draft).toMatchObject({ type: 'hyperemote', message: '🎉 Yay!' });
    expect(withPhone(draft).success).toBe(true);
  });

  it('anonymous tips need no name and never send the typed one', () => {
    const anonymous = form({ name: '  Priya ', isAnonymous: true });
    expect(
      validateFullForm({
        form: { ...anonymous, name: '' },
        voice: noVoice,
        checkoutStatus: 'ready',
      }),
    ).toBeNull();
    const draft = buildFullOrderDraft(anonymous, noVoice);
    expect(draft).toMatchObject({ name: 'Anonymous', anonymous: true });
    expect(JSON.stringify(draft)).not.toContain('Priya');
    expect(withPhone(draft).success).toBe(true);
    const simpleDraft = buildSimpleOrderDraft(
      { name: '', isAnonymous: true, amountText: '10', message: 'hi' },
      noVoice,
    );
    expect(simpleDraft).toMatchObject({ name: 'Anonymous', anonymous: true, type: 'text' });
    expect(withPhone(simpleDraft).success).toBe(true);
  });

  it('simple form: the type follows what the fan gave', () => {
    const base = { name: 'Priya', isAnonymous: false, amountText: '10', message: '' };
    expect(buildSimpleOrderDraft(base, noVoice)).toMatchObject({
      type: 'hyperemote',
      hyperemote_id: DEFAULT_HYPEREMOTE_ID,
    });
    expect(buildSimpleOrderDraft({ ...base, message: 'hi' }, noVoice).type).toBe('text');
    expect(buildSimpleOrderDraft({ ...base, message: 'hi' }, uploaded)).toMatchObject({
      type: 'voice',
      voice_upload_id: UPLOAD_ID,
      message: 'hi',
    });
    for (const voice of [noVoice, uploaded]) {
      expect(withPhone(buildSimpleOrderDraft(base, voice)).success).toBe(true);
    }
  });
});

describe('orderIssueToast', () => {
  it('titles the first issue by its field', () => {
    const result = orderRequestSchema.safeParse({
      name: 'Priya',
      type: 'text',
      amount_paise: 0,
      message: 'hi',
      phone: '9876543210',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(orderIssueToast(result.error)).toEqual(DONATION_MESSAGES.invalidAmount);
  });

  it('speaks of the phone in the schema words', () => {
    const result = orderRequestSchema.safeParse({
      name: 'Priya',
      type: 'text',
      amount_paise: 100,
      message: 'hi',
      phone: '5123456789',
    });
    if (result.success) throw new Error('expected a refusal');
    expect(orderIssueToast(result.error).description).toBe(DONATION_MESSAGES.mobileInvalid);
  });
});

describe("the streamer's minimum amount", () => {
  it('refuses an amount below it with its own words, and accepts it from there', () => {
    const input = { voice: noVoice, checkoutStatus: 'ready' as const, minAmountPaise: 5_000 };
    expect(
      validateFullForm({ ...input, form: form({ message: 'hi', amountText: '49' }) })?.text,
    ).toEqual({
      title: 'Invalid Amount',
      description: 'The minimum amount for this streamer is ₹50.',
    });
    expect(
      validateFullForm({ ...input, form: form({ message: 'hi', amountText: '50' }) }),
    ).toBeNull();
    expect(
      validateSimpleForm({
        ...input,
        form: { name: 'Priya', isAnonymous: false, amountText: '10', message: '' },
      })?.text,
    ).toEqual({
      title: 'Validation Error',
      description: 'The minimum amount for this streamer is ₹50.',
    });
  });
});

describe('textTipPromise (issue 23): the page promises read-aloud only when it happens', () => {
  it.each([
    [undefined, '51', true, 'Read out on stream'],
    [{ enabled: true, min_amount_paise: 100 }, '', true, 'Read out on stream'],
    [{ enabled: false, min_amount_paise: 100 }, '500', false, 'Shown on stream'],
    [{ enabled: true, min_amount_paise: 10_000 }, '50', false, 'Read aloud from ₹100'],
    [{ enabled: true, min_amount_paise: 10_000 }, '', false, 'Read aloud from ₹100'],
    [{ enabled: true, min_amount_paise: 10_000 }, '100', true, 'Read out on stream'],
  ] as const)('%j with %j typed → %s, %j', (speech, amountText, isReadAloud, hint) => {
    expect(textTipPromise(speech, amountText, 100)).toEqual({ isReadAloud, hint });
  });
});
