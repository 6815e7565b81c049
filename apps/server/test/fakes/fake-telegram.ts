import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TelegramCall = { method: string; params: Record<string, unknown> };

/**
 * A stand-in for the Telegram Bot API on a local port (grammY's apiRoot): it answers every
 * method the bot uses with plausible results and records each call for assertions.
 */
export async function startFakeTelegram() {
  const calls: TelegramCall[] = [];
  let nextMessageId = 100;
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const method = request.url?.split('/').pop() ?? '';
      const isJson = (request.headers['content-type'] ?? '').includes('application/json');
      const params = isJson && body ? (JSON.parse(body) as Record<string, unknown>) : {};
      calls.push({ method, params });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ ok: true, result: resultFor(method, params) }));
    });
  });
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
