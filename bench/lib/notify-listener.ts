/**
 * One "instance" of the NOTIFY fan-out benchmark (notify-fanout.bench.ts), in its own process:
 * LISTENs on the event bus's channel as a server does, parses each payload as EventBus.receive
 * does, and counts alert events. On "report" it sends the count and its first and last receipt
 * times back to the parent.
 */
import pg from 'pg';

const [databaseUrl, channel] = process.argv.slice(2);
if (!databaseUrl || !channel || !process.send) throw new Error('usage: fork with url and channel');

let alerts = 0;
let firstAt: number | null = null;
let lastAt: number | null = null;
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
client.on('notification', (message) => {
  if (!message.payload) return;
  const batch = JSON.parse(message.payload) as { events: Array<{ kind: string }> };
  for (const event of batch.events) if (event.kind === 'alert') alerts += 1;
  const now = Date.now();
  firstAt ??= now;
  lastAt = now;
});
await client.query(`LISTEN ${channel}`);
process.send({ type: 'listening' });

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    alerts = 0;
    firstAt = null;
    lastAt = null;
    process.send?.({ type: 'reset' });
  }
  if (message.type === 'report') process.send?.({ type: 'report', alerts, firstAt, lastAt });
  if (message.type === 'stop') void client.end().then(() => process.exit(0));
});
