import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { INITIAL_FORM } from './donation-form';
import { clearFormDraft, readFormDraft, saveFormDraft } from './form-draft';

describe('the donation form kept while the fan pays', () => {
  const stored = new Map<string, string>();

  beforeEach(() => {
    stored.clear();
    vi.stubGlobal('window', {
      sessionStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const filled = {
    ...INITIAL_FORM,
    name: 'Riya',
    type: 'hyperemote' as const,
    amountText: '51',
    message: 'Shabaash!',
    hyperemoteId: 'happy' as const,
  };

  it('comes back per streamer until cleared', () => {
    saveFormDraft('techgamer', filled);
    expect(readFormDraft('techgamer')).toEqual(filled);
    expect(readFormDraft('musicstream')).toBeNull();
    clearFormDraft('techgamer');
    expect(readFormDraft('techgamer')).toBeNull();
  });

  it('ignores a kept form it cannot trust', () => {
    for (const bad of ['not json', '{"name":1}', JSON.stringify({ ...filled, type: 'gift' })]) {
      stored.set('shabaash:donation-draft:techgamer', bad);
      expect(readFormDraft('techgamer')).toBeNull();
    }
    stored.set(
      'shabaash:donation-draft:techgamer',
      JSON.stringify({ ...filled, hyperemoteId: 'no-such-emote' }),
    );
    expect(readFormDraft('techgamer')).toBeNull();
  });
});
