import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeSmtpServer, type FakeSmtpServer } from '../site/fake-smtp-server.test-helper.ts';
import { composeMail } from './mail-texts.ts';
import { createMailer, outboxDirOf } from './mailer.ts';
import { readMimeParts } from './mime.test-helper.ts';

const link = 'http://localhost:3000/auth/reset?token=abc_DEF-123';
const message = { to: 'asha@example.com', ...composeMail('passwordReset', 'en', { link }) };

/** A logger that records its info lines. */
function recordingLog() {
  const info = vi.fn();
  const noop = () => undefined;
  const log = { info, error: noop, warn: noop, debug: noop, trace: noop, fatal: noop };
  return { info, log: { ...log, child: () => log, level: 'info' } as unknown as FastifyBaseLogger };
}

describe('mailer without SMTP_URL (the outbox)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shabaash-outbox-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('writes a parseable .eml with a text and an HTML part, and logs only its link', async () => {
    const { info, log } = recordingLog();
    const mailer = createMailer({ dataDir, mailFrom: 'no-reply@shabaash.example' }, log);
    await mailer.send(message);
    mailer.close();

    const files = await readdir(outboxDirOf(dataDir));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = await readFile(path.join(outboxDirOf(dataDir), files[0] ?? ''), 'utf8');
    const { headers, parts } = readMimeParts(raw);
    expect(headers).toMatch(/^To: asha@example\.com$/m);
    expect(headers).toMatch(/^From: no-reply@shabaash\.example$/m);
    expect(headers).toMatch(/^Subject: Reset your Shabaash password$/m);
    expect(headers).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(parts.get('text/plain')).toContain(`Set a new password: ${link}`);
    expect(parts.get('text/html')).toContain(`<a href="${link}">Set a new password</a>`);
    // No images at all, so no tracking pixel.
    expect(parts.get('text/html')).not.toMatch(/<img/i);

    expect(info).toHaveBeenCalledTimes(1);
    const [fields, line] = info.mock.calls[0] ?? [];
    expect(fields).toEqual({ outboxFile: files[0], links: [link] });
    expect(JSON.stringify([fields, line])).not.toContain('asha@example.com');
  });
});

describe('mailer with SMTP_URL', () => {
  let smtp: FakeSmtpServer;
  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterAll(() => smtp.close());

  it('sends both parts through the SMTP server and writes nothing to the outbox', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shabaash-smtp-'));
    const { log } = recordingLog();
    const mailer = createMailer(
      { SMTP_URL: smtp.url, dataDir, mailFrom: 'no-reply@shabaash.example' },
      log,
    );
    try {
      await mailer.send(message);
      const { headers, parts } = readMimeParts(smtp.messages.at(-1) ?? '');
      expect(headers).toMatch(/^To: asha@example\.com$/m);
      expect(parts.get('text/plain')).toContain(link);
      expect(parts.get('text/html')).toContain(`href="${link}"`);
      await expect(readdir(outboxDirOf(dataDir))).rejects.toThrow(/ENOENT/);
    } finally {
      mailer.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
