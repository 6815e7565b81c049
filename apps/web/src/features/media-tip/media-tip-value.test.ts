import { describe, expect, it } from 'vitest';

import { MEDIA_TIP_TEXT } from './media-tip.constants';
import { mediaTipValue } from './media-tip-value';

const LIMITS = {
  min_amount_paise: 2_000,
  max_bytes: 10 * 1024 * 1024,
  max_duration_ms: 10_000,
  video_available: true,
};
const UPLOAD_ID = '0b7e3c1a-2f4d-4e5b-9c6a-7d8e9f0a1b2c';

describe('mediaTipValue', () => {
  it('asks for a file, waits for the upload, and repeats the server’s refusal', () => {
    expect(mediaTipValue({ kind: 'idle' }, LIMITS, '51').problem).toEqual({
      field: 'media',
      text: { title: MEDIA_TIP_TEXT.requiredTitle, description: MEDIA_TIP_TEXT.required },
    });
    expect(mediaTipValue({ kind: 'uploading', fraction: 0.4 }, LIMITS, '51')).toEqual({
      uploadId: undefined,
      problem: {
        field: 'media',
        text: { title: MEDIA_TIP_TEXT.requiredTitle, description: MEDIA_TIP_TEXT.waitForUpload },
      },
    });
    const refused = mediaTipValue(
      { kind: 'failed', message: 'This clip is too long.' },
      LIMITS,
      '51',
    );
    expect(refused.problem?.text.description).toBe('This clip is too long.');
    expect(refused.uploadId).toBeUndefined();
  });

  it('names the upload once ready, and holds an amount below the media minimum', () => {
    const ready = { kind: 'ready', uploadId: UPLOAD_ID } as const;
    expect(mediaTipValue(ready, LIMITS, '51')).toEqual({ uploadId: UPLOAD_ID, problem: null });
    // Not yet a valid amount: the form's own amount check speaks for it.
    expect(mediaTipValue(ready, LIMITS, '').problem).toBeNull();
    expect(mediaTipValue(ready, LIMITS, '19.99')).toEqual({
      uploadId: UPLOAD_ID,
      problem: {
        field: 'amount',
        text: {
          title: MEDIA_TIP_TEXT.amountTitle,
          description: 'The minimum amount for a GIF or video tip is ₹20.',
        },
      },
    });
  });
});
