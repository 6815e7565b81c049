import crypto from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

/** One text message to an Indian mobile number (10 digits, without +91). */
export type SmsMessage = { to: string; text: string };

/**
 * Every SMS goes through this (issue 29): Twilio with SMS_PROVIDER=twilio, else the outbox
 * folder, so a developer or operator without an SMS account still finishes every flow.
 */
export type SmsSender = {
  readonly name: 'outbox' | 'twilio';
  /** Resolves once the provider has accepted the message; throws SmsError otherwise. */
  send(message: SmsMessage): Promise<void>;
};

/** The provider refused or could not be reached; `message` is for the log, not the fan. */
export class SmsError extends Error {}

/** The folder where, with SMS_PROVIDER=outbox, each message is written as a `.txt` file. */
export function smsOutboxDirOf(dataDir: string): string {
  return path.join(dataDir, 'sms-outbox');
}

export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (config.SMS_PROVIDER === 'twilio') {
    return createTwilioSender({
      accountSid: config.TWILIO_ACCOUNT_SID ?? '',
      authToken: config.TWILIO_AUTH_TOKEN ?? '',
      from: config.TWILIO_FROM ?? '',
      apiBase: config.TWILIO_API_BASE ?? 'https://api.twilio.com',
    });
  }
  return createOutboxSender(smsOutboxDirOf(config.dataDir), log);
}

/**
 * `DATA_DIR/sms-outbox/<time>-<random>.txt`: a `To:` line, a blank line and the text. The log
 * line names the file only: a code in the log would be readable by anyone with the logs.
 */
export function createOutboxSender(outboxDir: string, log: FastifyBaseLogger): SmsSender {
  return {
    name: 'outbox',
    async send({ to, text }) {
      const fileName = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.txt`;
      await mkdir(outboxDir, { recursive: true });
      await writeFile(path.join(outboxDir, fileName), `To: +91${to}\n\n${text}\n`, { mode: 0o600 });
      log.info({ smsOutboxFile: fileName }, 'SMS written to outbox');
    },
  };
}

/** A slow SMS provider must not hold the fan's request for long. */
const TWILIO_TIMEOUT_MS = 10_000;

/**
 * Twilio's Programmable Messaging: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP
 * Basic auth (Account SID : Auth Token), form fields To (E.164), Body, and From (a number or
 * sender ID) or MessagingServiceSid (MG…). 201 answers the Message resource; errors answer
 * `{ code, message, more_info, status }` (twilio.com/docs/messaging/api/message-resource).
 */
export function createTwilioSender(options: {
  accountSid: string;
  authToken: string;
  from: string;
  apiBase: string;
}): SmsSender {
  const url = `${options.apiBase.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    name: 'twilio',
    async send({ to, text }) {
      const form = new URLSearchParams({ To: `+91${to}`, Body: text });
      if (/^MG[0-9a-f]{32}$/i.test(options.from)) form.set('MessagingServiceSid', options.from);
      else form.set('From', options.from);
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form,
          signal: AbortSignal.timeout(TWILIO_TIMEOUT_MS),
        });
      } catch (error) {
        throw new SmsError('Twilio could not be reached', { cause: error });
      }
      if (response.status === 201 || response.status === 200) {
        await response.body?.cancel();
        return;
      }
      const body = (await response.json().catch(() => null)) as {
        code?: number;
        message?: string;
      } | null;
      // Twilio's message may quote the number; only its error code is kept.
      throw new SmsError(
        `Twilio refused the message: HTTP ${response.status}, code ${body?.code ?? 'unknown'}`,
      );
    },
  };
}
