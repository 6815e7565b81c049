import crypto from 'node:crypto';
import { startFakeHttpServer, type FakeHttpServer, type FakeReply } from './fake-http-server.ts';

/**
 * A local stand-in for Twilio's Messages API (twilio.com/docs/messaging/api/message-resource,
 * "Create a Message resource"), enforcing what the docs say: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP Basic auth of the Account SID and
 * Auth Token, a form-encoded body with `To` in E.164, a `Body`, and either `From` or
 * `MessagingServiceSid`. It answers 201 with the Message resource (`sid` SM…, `status`
 * "queued"); errors are `{ code, message, more_info, status }` (20003 authentication, 21211
 * invalid To, 21602 missing Body, 21603 missing From).
 */
export type FakeTwilio = FakeHttpServer & {
  accountSid: string;
  authToken: string;
  /** The messages accepted, in order. */
  sent: { to: string; from: string; body: string }[];
};

function twilioError(status: number, code: number, message: string): FakeReply {
  return {
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}

export async function startFakeTwilio(
  accountSid = `AC${crypto.randomBytes(16).toString('hex')}`,
  authToken = crypto.randomBytes(16).toString('hex'),
): Promise<FakeTwilio> {
  const sent: FakeTwilio['sent'] = [];
  const server = await startFakeHttpServer({
    errorBody: (status) => ({
      code: 20500,
      message: 'An internal server error has occurred',
      more_info: 'https://www.twilio.com/docs/errors/20500',
      status,
    }),
    handle(request) {
      const expectedPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
      if (request.method !== 'POST' || request.path !== expectedPath) {
        return twilioError(404, 20404, 'The requested resource was not found');
      }
      const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (request.headers.authorization !== expectedAuth) {
        return twilioError(401, 20003, 'Authenticate');
      }
      if (
        !String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')
      ) {
        return twilioError(400, 21602, 'Message body is required.');
      }
      const form = new URLSearchParams(request.rawBody);
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      const from = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
      if (!/^\+[1-9]\d{7,14}$/.test(to)) {
        return twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      }
      if (body === '') return twilioError(400, 21602, 'Message body is required.');
      if (from === '') return twilioError(400, 21603, "A 'From' phone number is required.");
      sent.push({ to, from, body });
      const sid = `SM${crypto.randomBytes(16).toString('hex')}`;
      return {
        status: 201,
        body: {
          sid,
          account_sid: accountSid,
          to,
          from,
          body,
          status: 'queued',
          direction: 'outbound-api',
          api_version: '2010-04-01',
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        },
      };
    },
  });
  return { ...server, accountSid, authToken, sent };
}
