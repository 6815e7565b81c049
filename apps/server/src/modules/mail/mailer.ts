import crypto from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** One e-mail: both parts, and the links it carries (logged in outbox mode). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links a reader must follow; the outbox prints them so one machine can finish a flow. */
  links: string[];
};

/** Every sender goes through this: SMTP in production, the outbox folder without SMTP_URL. */
export type Mailer = {
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/** A slow or dead mail server must not hold a request or a shutdown for long. */
const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

/** The one SMTP transport factory (the contact form uses it too). */
export function createSmtpTransport(url: string) {
  return nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
}

/** The folder where, without SMTP_URL, each message is written as an `.eml` file. */
export function outboxDirOf(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/**
 * SMTP when `SMTP_URL` is set; otherwise every message becomes `DATA_DIR/outbox/*.eml` and one
 * log line with its links, so a developer or operator finishes every flow without a mail server.
 */
export function createMailer(
  config: { SMTP_URL?: string | undefined; dataDir: string; mailFrom: string },
  log: FastifyBaseLogger,
): Mailer {
  const from = config.mailFrom;
  if (config.SMTP_URL) {
    const transport = createSmtpTransport(config.SMTP_URL);
    return {
      async send({ links: _links, ...message }) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }

  const outboxDir = outboxDirOf(config.dataDir);
  // Builds the same MIME message SMTP would carry, without sending it anywhere.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send({ links, ...message }) {
      const info = await composer.sendMail({ from, ...message });
      const fileName = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      await mkdir(outboxDir, { recursive: true });
      await writeFile(path.join(outboxDir, fileName), info.message as Buffer);
      // The link is the point of this line; the address and the body are not logged.
      log.info({ outboxFile: fileName, links }, `e-mail written to outbox: ${message.subject}`);
    },
    close: () => composer.close(),
  };
}
