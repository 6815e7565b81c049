import { describe, expect, it } from 'vitest';

import { audioPlayerUrl, overlayUrl } from './obs-urls';

describe('OBS URLs', () => {
  it('builds the overlay and audio player URLs', () => {
    expect(overlayUrl('https://shabaash.in', 'techgamer', 'obs_Ab12')).toBe(
      'https://shabaash.in/techgamer/obs-alerts?token=obs_Ab12',
    );
    expect(audioPlayerUrl('http://127.0.0.1:3000', 'tech-gamer')).toBe(
      'http://127.0.0.1:3000/tech-gamer/audio-player',
    );
  });
});
