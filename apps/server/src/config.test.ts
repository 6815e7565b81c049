import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts with defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/\/data$/);
    // Account e-mails come from the site's own host unless MAIL_FROM says otherwise.
    expect(config.mailFrom).toBe('no-reply@localhost');
    // A daily backup at 04:00 India time keeping 7 daily and 4 weekly; no metrics until asked.
    expect([config.BACKUP_TIME, config.BACKUP_KEEP_DAILY, config.BACKUP_KEEP_WEEKLY]).toEqual([
      '04:00',
      7,
      4,
    ]);
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ BACKUP_TIME: 'off' }).BACKUP_TIME).toBe('off');
    expect(loadConfig({ PUBLIC_URL: 'http://tips.example.in' }).mailFrom).toBe(
      'no-reply@tips.example.in',
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ PAYMENT_PROVIDER: 'paypal' }, 'PAYMENT_PROVIDER'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ SMTP_URL: 'mail.example.com:587' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM'],
    [{ BACKUP_TIME: '4am' }, 'BACKUP_TIME'],
    [{ BACKUP_TIME: '24:00' }, 'BACKUP_TIME'],
    [{ BACKUP_KEEP_DAILY: '0' }, 'BACKUP_KEEP_DAILY'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ OVERLOAD_EVENT_LOOP_DELAY_MS: '-1' }, 'OVERLOAD_EVENT_LOOP_DELAY_MS'],
    [{ SHUTDOWN_DRAIN_SECONDS: '600' }, 'SHUTDOWN_DRAIN_SECONDS'],
  ])('rejects %o with one line naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${name}: `));
  });

  it('names the missing keys of the chosen payment provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test' })).toThrow(
      'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET to be set',
    );
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or the proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toEqual(['loopback']);
    for (const bad of ['true', '0', '10.0.0.0/33', 'proxy.example.com', '1,2']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        /^Invalid environment variable TRUST_PROXY: /,
      );
    }
  });

  it('refuses the sandbox on an https PUBLIC_URL unless ALLOW_SANDBOX_IN_PRODUCTION=true', () => {
    const production = { PUBLIC_URL: 'https://tips.example.in' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /^PAYMENT_PROVIDER=sandbox takes no real money .*https PUBLIC_URL.*ALLOW_SANDBOX_IN_PRODUCTION=true/,
    );
    expect(() => loadConfig({ ...production, ALLOW_SANDBOX_IN_PRODUCTION: 'yes' })).toThrow(
      /^Invalid environment variable ALLOW_SANDBOX_IN_PRODUCTION: /,
    );
    const allowed = loadConfig({ ...production, ALLOW_SANDBOX_IN_PRODUCTION: 'true' });
    expect(allowed.PAYMENT_PROVIDER).toBe('sandbox');
    // A local http address needs no opt-in.
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.5:3000' }).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('prepares PostgreSQL statements unless DATABASE_PREPARED_STATEMENTS=false', () => {
    expect(loadConfig({}).DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).DATABASE_PREPARED_STATEMENTS).toBe(
      false,
    );
    expect(() => loadConfig({ DATABASE_PREPARED_STATEMENTS: 'no' })).toThrow(
      /^Invalid environment variable DATABASE_PREPARED_STATEMENTS: must be true or false/,
    );
  });

  it('caps unclaimed voice uploads at UNCLAIMED_UPLOADS_MAX_MB, a whole number of megabytes', () => {
    expect(loadConfig({}).UNCLAIMED_UPLOADS_MAX_MB).toBe(1024);
    expect(loadConfig({ UNCLAIMED_UPLOADS_MAX_MB: '200' }).UNCLAIMED_UPLOADS_MAX_MB).toBe(200);
    for (const bad of ['0', '1.5', 'lots', '-3']) {
      expect(() => loadConfig({ UNCLAIMED_UPLOADS_MAX_MB: bad })).toThrow(
        /^Invalid environment variable UNCLAIMED_UPLOADS_MAX_MB: must be a whole number of megabytes/,
      );
    }
  });

  it('replays unshown alerts to a fresh overlay from ALERT_FRESH_REPLAY_SECONDS back, 2 minutes by default', () => {
    expect(loadConfig({}).ALERT_FRESH_REPLAY_SECONDS).toBe(120);
    expect(loadConfig({ ALERT_FRESH_REPLAY_SECONDS: '300' }).ALERT_FRESH_REPLAY_SECONDS).toBe(300);
    expect(loadConfig({ ALERT_FRESH_REPLAY_SECONDS: '0' }).ALERT_FRESH_REPLAY_SECONDS).toBe(0);
    for (const bad of ['-1', '1.5', 'soon', '901']) {
      expect(() => loadConfig({ ALERT_FRESH_REPLAY_SECONDS: bad })).toThrow(
        /^Invalid environment variable ALERT_FRESH_REPLAY_SECONDS: must be a whole number of seconds from 0 to 900/,
      );
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
