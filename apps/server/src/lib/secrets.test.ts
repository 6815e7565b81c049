import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { secretBoxOf } from './secrets.ts';

describe('secrets at rest (AES-256-GCM with SECRETS_KEY)', () => {
  const box = secretBoxOf(crypto.randomBytes(32).toString('base64'));
  if (!box) throw new Error('no box');

  it('seals so the plaintext is not in what is stored, and opens it again', () => {
    const sealed = box.seal('ya29.secret-access-token', 'youtube:a:access');
    expect(sealed).not.toContain('secret-access-token');
    expect(box.seal('ya29.secret-access-token', 'youtube:a:access')).not.toBe(sealed);
    expect(box.open(sealed, 'youtube:a:access')).toBe('ya29.secret-access-token');
  });

  it('refuses a value altered, moved to another row, or sealed with another key', () => {
    const sealed = box.seal('token', 'youtube:a:access');
    expect(() => box.open(sealed, 'youtube:b:access')).toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 'youtube:a:access')).toThrow();
    const other = secretBoxOf(crypto.randomBytes(32).toString('hex'));
    expect(() => other?.open(sealed, 'youtube:a:access')).toThrow();
  });

  it('is off without a key', () => {
    expect(secretBoxOf(undefined)).toBeNull();
  });
});

describe('SECRETS_KEY and the Google client in the configuration', () => {
  it('takes 32 bytes as hex or base64 and refuses anything else', () => {
    const hexKey = crypto.randomBytes(32).toString('hex');
    expect(loadConfig({ SECRETS_KEY: hexKey }).SECRETS_KEY).toBe(hexKey);
    expect(() => loadConfig({ SECRETS_KEY: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRETS_KEY: crypto.randomBytes(16).toString('base64') })).toThrow(
      /SECRETS_KEY/,
    );
  });

  it('wants the Google client id and secret together', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
    expect(loadConfig({}).YOUTUBE_INSERT_COST).toBe(50);
  });
});
