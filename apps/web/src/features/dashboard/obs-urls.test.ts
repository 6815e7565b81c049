import { describe, expect, it } from 'vitest';

import { audioPlayerUrl, HIDDEN_TOKEN, hideToken, overlayUrl } from './obs-urls';

describe('OBS URLs', () => {
  it('builds the overlay and audio player URLs', () => {
    expect(overlayUrl('https://shabaash.in', 'techgamer', 'obs_Ab12')).toBe(
      'https://shabaash.in/techgamer/obs-alerts?token=obs_Ab12',
    );
    expect(audioPlayerUrl('http://127.0.0.1:3000', 'tech-gamer')).toBe(
      'http://127.0.0.1:3000/tech-gamer/audio-player',
    );
  });

  it('hides every character of the token, alone or inside a URL', () => {
    const token = 'obs_Ab12Cd34';
    expect(hideToken(token, token)).toBe(HIDDEN_TOKEN);
    const hidden = hideToken(overlayUrl('https://shabaash.in', 'techgamer', token), token);
    expect(hidden).toBe(`https://shabaash.in/techgamer/obs-alerts?token=${HIDDEN_TOKEN}`);
    expect(hideToken('/techgamer/widgets/goal?token=obs_Ab12Cd34&size=s', token)).not.toContain(
      'Ab12',
    );
  });
});
