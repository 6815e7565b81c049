import { createSmtpTransport } from '../mail/mailer.ts';
import type { StoredContactMessage } from './site.service.ts';

/** Sends the team an e-mail for each contact message. */
export type ContactMailer = {
  send(message: StoredContactMessage): Promise<void>;
  close(): void;
};

/**
 * An SMTP mailer when both `SMTP_URL` and `CONTACT_INBOX` are set, otherwise null (messages are
 * then only stored, and read in the admin inbox).
 */
export function createContactMailer(config: {
  SMTP_URL?: string | undefined;
  CONTACT_INBOX?: string | undefined;
}): ContactMailer | null {
  const { SMTP_URL: url, CONTACT_INBOX: inbox } = config;
  if (!url || !inbox) return null;
  const transport = createSmtpTransport(url);

  return {
    async send(message) {
      await transport.sendMail({
        // Sent from the inbox to itself: most providers refuse a From they do not own.
        from: { name: 'Shabaash contact form', address: inbox },
        to: inbox,
        // Nodemailer encodes the header; a visitor's address never becomes the sender.
        replyTo: { name: oneLine(message.name), address: message.email },
        subject: `Contact form: ${oneLine(message.name)}`,
        text: contactMailText(message),
      });
    },
    close: () => transport.close(),
  };
}

/** The plain-text body of the notification. */
export function contactMailText(message: StoredContactMessage): string {
  return [
    `Name: ${message.name}`,
    `Email: ${message.email}`,
    `Phone: ${message.phone ?? '—'}`,
    `Received: ${message.createdAt.toISOString()}`,
    `Message id: ${message.id}`,
    '',
    message.message,
  ].join('\n');
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').slice(0, 100);
}
