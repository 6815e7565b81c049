import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Update } from 'grammy/types';

export type TelegramCall = {
  method: string;
  params: Record<string, unknown>;
  /** The files of a multipart call (sendVoice, sendAnimation, sendVideo…), by field name. */
  files?: Record<string, { filename: string; bytes: Buffer }>;
};

/**
 * A multipart/form-data body as Telegram reads it (Bot API "Sending files": files are posted
 * as multipart, other parameters as plain fields).
 */
function parseMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const params: Record<string, unknown> = {};
  const files: Record<string, { filename: string; bytes: Buffer }> = {};
  const marker = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`);
  let start = body.indexOf(marker);
  while (start !== -1) {
    const next = body.indexOf(marker, start + marker.length);
    if (next === -1) break;
    const part = body.subarray(start + marker.length + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('latin1');
    const content = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    // grammY names files with `filename=` (quoted or not); a part with a content type is a file too.
    const filename =
      /filename="?([^";\r\n]*)"?/.exec(head)?.[1] ??
      (/content-type:/i.test(head) ? name : undefined);
    if (filename !== undefined) files[name] = { filename, bytes: Buffer.from(content) };
    else params[name] = content.toString('utf8');
    start = next;
  }
  // A file may be posted under any name and referred to as `attach://<name>` (Bot API,
  // "Sending files"): name it by the parameter that refers to it.
  for (const [key, value] of Object.entries(params)) {
    const attached = typeof value === 'string' && value.startsWith('attach://');
    const file = attached ? files[value.slice('attach://'.length)] : undefined;
    if (file) files[key] = file;
  }
  return { params, files };
}

type Answer =
  { ok: true; result: unknown } | { ok: false; error_code: number; description: string };

/** A getUpdates request held open until an update arrives or its timeout passes. */
type HeldPoll = { offset: number; limit: number; answer: (answer: Answer) => void };

/**
 * A stand-in for the Telegram Bot API on a local port (grammY's apiRoot): it answers every
 * method the bot uses with plausible results and records each call for assertions. Updates a
 * test pushes are served by getUpdates as Telegram does: long polling with `timeout`, an
 * `offset` that confirms (drops) every earlier update, and 409 Conflict while a webhook is set
 * or when a second long poll overlaps the first.
 */
export async function startFakeTelegram() {
  const calls: TelegramCall[] = [];
  let nextMessageId = 100;
  let nextUpdateId = 1;
  /** Updates not yet confirmed by an offset past them. */
  let queued: Update[] = [];
  let held: HeldPoll | null = null;
  let webhook: { url: string; secret_token: string } | null = null;
  let conflicts = 0;

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = raw.toString();
      const method = request.url?.split('/').pop() ?? '';
      const contentType = request.headers['content-type'] ?? '';
      const isJson = contentType.includes('application/json');
      const multipart = contentType.includes('multipart/form-data')
        ? parseMultipart(raw, contentType)
        : null;
      const params = multipart
        ? multipart.params
        : isJson && body
          ? (JSON.parse(body) as Record<string, unknown>)
          : {};
      calls.push({ method, params, ...(multipart ? { files: multipart.files } : {}) });
      const answer = (reply: Answer) => {
        if (response.writableEnded || response.destroyed) return;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(reply));
      };
      if (method === 'getUpdates') return getUpdates(params, answer, response);
      answer({ ok: true, result: resultFor(method, params) });
    });
  });

  function getUpdates(
    params: Record<string, unknown>,
    answer: (reply: Answer) => void,
    response: http.ServerResponse,
  ) {
    if (webhook) {
      answer({
        ok: false,
        error_code: 409,
        description:
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      });
      return;
    }
    const offset = Number(params.offset ?? 0);
    const limit = Number(params.limit ?? 100);
    const timeoutSeconds = Number(params.timeout ?? 0);
    if (offset > 0) queued = queued.filter((update) => update.update_id >= offset);
    const ready = queued.slice(0, limit);
    if (ready.length > 0 || timeoutSeconds === 0) {
      answer({ ok: true, result: ready });
      return;
    }
    if (held) {
      // Telegram ends the earlier long poll: two pollers on one bot is a mistake it reports.
      conflicts += 1;
      held.answer({
        ok: false,
        error_code: 409,
        description:
          'Conflict: terminated by other getUpdates request; make sure that only one bot instance is running',
      });
    }
    const poll: HeldPoll = {
      offset,
      limit,
      answer: (reply) => {
        clearTimeout(timer);
        if (held === poll) held = null;
        answer(reply);
      },
    };
    const timer = setTimeout(() => poll.answer({ ok: true, result: [] }), timeoutSeconds * 1000);
    held = poll;
    // The bot aborts its long poll when it stops.
    response.on('close', () => {
      clearTimeout(timer);
      if (held === poll) held = null;
    });
  }
  const resultFor = (method: string, params: Record<string, unknown>): unknown => {
    switch (method) {
      case 'getMe':
        return {
          id: 4242,
          is_bot: true,
          first_name: 'Shabaash',
          username: 'shabaash_test_bot',
          can_join_groups: false,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        };
      case 'setWebhook':
        webhook = { url: String(params.url), secret_token: String(params.secret_token) };
        return true;
      case 'deleteWebhook':
        webhook = null;
        return true;
      case 'sendAnimation':
      case 'sendVideo':
        nextMessageId += 1;
        return {
          message_id: nextMessageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(params.chat_id ?? 0), type: 'private' },
          caption: params.caption,
        };
      case 'sendMessage':
      case 'editMessageText':
        nextMessageId += 1;
        return {
          message_id: nextMessageId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(params.chat_id ?? 0), type: 'private' },
          text: params.text,
        };
      default:
        return true;
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiRoot: `http://127.0.0.1:${port}`,
    calls,
    callsTo: (method: string) => calls.filter((call) => call.method === method),
    /** Queues an update for getUpdates (numbered as Telegram would); returns its update_id. */
    pushUpdate(update: Omit<Update, 'update_id'>): number {
      const full = { ...update, update_id: nextUpdateId++ } as Update;
      queued.push(full);
      if (held && full.update_id >= held.offset) {
        held.answer({ ok: true, result: queued.slice(0, held.limit) });
      }
      return full.update_id;
    },
    /** The webhook Telegram would post to, as setWebhook left it. */
    webhook: () => webhook,
    /** Long polls that overlapped another one (two instances polling one bot). */
    conflicts: () => conflicts,
    close: () =>
      new Promise<void>((resolve) => {
        held?.answer({ ok: true, result: [] });
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
