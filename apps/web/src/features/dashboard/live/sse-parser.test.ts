import { describe, expect, it } from 'vitest';

import { SseParser, type SseMessage } from './sse-parser';

function parse(chunks: string[]): SseMessage[] {
  const messages: SseMessage[] = [];
  const parser = new SseParser((message) => messages.push(message));
  for (const chunk of chunks) parser.push(chunk);
  return messages;
}

describe('SseParser', () => {
  it('reads named events and skips retry lines and heartbeat comments', () => {
    expect(
      parse([
        'retry: 3000\n\n',
        'event: ready\ndata: {}\n\n',
        ': ping\n\n',
        'event: overlays\ndata: {"active_connections":2}\n\n',
      ]),
    ).toEqual([
      { event: 'ready', data: '{}', id: null },
      { event: 'overlays', data: '{"active_connections":2}', id: null },
    ]);
  });

  it('joins events split anywhere across chunks, CRLF included', () => {
    const frame = 'id: 7\r\nevent: donation\r\ndata: {"donation_id":"a"}\r\n\r\n';
    const chunks = frame.split('');
    expect(parse(chunks)).toEqual([{ event: 'donation', data: '{"donation_id":"a"}', id: '7' }]);
  });

  it('joins multi-line data, defaults the event name and keeps the last id', () => {
    expect(parse(['id: 3\ndata: one\ndata:two\n\ndata: three\n\n'])).toEqual([
      { event: 'message', data: 'one\ntwo', id: '3' },
      { event: 'message', data: 'three', id: '3' },
    ]);
  });

  it('waits for the blank line before dispatching', () => {
    expect(parse(['event: ready\ndata: {}\n'])).toEqual([]);
  });
});
