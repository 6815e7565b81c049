/**
 * Telegram allows about 30 messages a second overall and one a second per chat (grammY's flood
 * guide). This queue keeps to both, and waits out a 429's retry_after instead of bursting.
 */
export class TelegramSendQueue {
  private readonly queue: Array<{ chatId: number; run: () => Promise<unknown> }> = [];
  private readonly lastSentToChat = new Map<number, number>();
  private lastSentAt = 0;
  private isRunning = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly onError: (error: unknown) => void,
    private readonly globalGapMs = 40,
    private readonly perChatGapMs = 1000,
  ) {}

  push(chatId: number, run: () => Promise<unknown>): void {
    this.queue.push({ chatId, run });
    if (!this.isRunning) void this.drain();
  }

  /** Resolves when everything queued so far has been sent (tests, shutdown). */
  idle(): Promise<void> {
    if (!this.isRunning && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async drain(): Promise<void> {
    this.isRunning = true;
    while (this.queue.length > 0) {
      const now = Date.now();
      // Take the first job whose chat is allowed to receive again; otherwise wait a little.
      const index = this.queue.findIndex(
        (job) => now - (this.lastSentToChat.get(job.chatId) ?? 0) >= this.perChatGapMs,
      );
      const wait = Math.max(0, this.lastSentAt + this.globalGapMs - now);
      if (index === -1 || wait > 0) {
        await sleep(index === -1 ? 50 : wait);
        continue;
      }
      const [job] = this.queue.splice(index, 1);
      if (!job) continue;
      this.lastSentAt = Date.now();
      this.lastSentToChat.set(job.chatId, this.lastSentAt);
      try {
        await job.run();
      } catch (error) {
        const retryAfter = retryAfterSeconds(error);
        if (retryAfter !== null) {
          this.queue.unshift(job);
          await sleep(retryAfter * 1000);
        } else {
          this.onError(error);
        }
      }
    }
    this.isRunning = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

function retryAfterSeconds(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const parameters = (error as { parameters?: { retry_after?: number } }).parameters;
  return typeof parameters?.retry_after === 'number' ? parameters.retry_after : null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
