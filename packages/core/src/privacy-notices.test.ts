import { describe, expect, it } from 'vitest';
import {
  NOTICE_LANGUAGES,
  PRIVACY_NOTICES,
  PRIVACY_RIGHTS_PATH,
  needsStreamConsent,
  noticeVersion,
  summarizeUserAgent,
} from './privacy-notices.ts';

describe('privacy notices', () => {
  it('have a version, data items, purposes and a retention line, in English and Hindi', () => {
    for (const [id, notice] of Object.entries(PRIVACY_NOTICES)) {
      expect(notice.id).toBe(id);
      expect(notice.version).toBeGreaterThanOrEqual(1);
      expect(notice.dataItems.length).toBeGreaterThan(0);
      expect(notice.purposes.length).toBeGreaterThan(0);
      expect(notice.retention).not.toBe('');
      for (const language of NOTICE_LANGUAGES) {
        expect(notice.text[language].length, `${id} ${language}`).toBeGreaterThan(40);
        // Each notice names the Board a person may complain to (Rule 3).
        expect(notice.text[language]).toMatch(/Data Protection Board|डेटा संरक्षण बोर्ड/);
      }
    }
    expect(noticeVersion('donation')).toBe(`donation@${String(PRIVACY_NOTICES.donation.version)}`);
    expect(PRIVACY_RIGHTS_PATH).toBe('/privacy/my-data');
  });

  it('asks stream consent of every tip that shows something of the fan', () => {
    expect(needsStreamConsent({ type: 'text', message: 'hi' })).toBe(true);
    expect(needsStreamConsent({ type: 'text', message: 'hi', anonymous: true })).toBe(true);
    expect(needsStreamConsent({ type: 'voice', message: '', anonymous: true })).toBe(true);
    expect(needsStreamConsent({ type: 'media', message: '', anonymous: true })).toBe(true);
    expect(needsStreamConsent({ type: 'hyperemote', message: '' })).toBe(true);
    // Only an anonymous hyperemote without words shows nothing personal.
    expect(needsStreamConsent({ type: 'hyperemote', message: '  ', anonymous: true })).toBe(false);
  });

  it('summarises a browser as name, major version and system, never the whole agent', () => {
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 131 on Android');
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      ),
    ).toBe('Edg 131 on Windows');
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 604 on iPhone');
    expect(summarizeUserAgent(undefined)).toBe('unknown');
    expect(summarizeUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
