/** One Server-Sent Event, as the browser's EventSource would dispatch it. */
export type SseMessage = { event: string; data: string; id: string | null };

/**
 * An incremental parser for the `text/event-stream` format (WHATWG HTML, "Parsing an event
 * stream"), for streams read with fetch: EventSource cannot send the bearer token the dashboard
 * stream needs. Feed it decoded text in chunks of any size; it calls `onMessage` per event.
 * Comments (the server's `: ping` heartbeats) and `retry:` lines are skipped.
 */
export class SseParser {
  private buffer = '';
  private skipLineFeed = false;
  private eventType = '';
  private dataLines: string[] = [];
  private lastEventId: string | null = null;

  constructor(private readonly onMessage: (message: SseMessage) => void) {}

  push(chunk: string): void {
    let text = chunk;
    // A CRLF split across two chunks: the CR already ended the line.
    if (this.skipLineFeed && text.startsWith('\n')) text = text.slice(1);
    this.skipLineFeed = text.endsWith('\r');
    this.buffer += text;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop() ?? '';
    for (const line of lines) this.processLine(line);
  }

  private processLine(line: string): void {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') this.dataLines.push(value);
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
  }

  private dispatch(): void {
    const { eventType, dataLines } = this;
    this.eventType = '';
    this.dataLines = [];
    if (dataLines.length === 0) return;
    this.onMessage({
      event: eventType || 'message',
      data: dataLines.join('\n'),
      id: this.lastEventId,
    });
  }
}
