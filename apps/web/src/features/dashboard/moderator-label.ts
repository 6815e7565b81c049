/**
 * Who decided, for people: the server stores `dashboard:<email>` or
 * `telegram:<telegram id>:<display name>` (see the server's `describeActor`).
 */
export function describeModerator(actor: string): { name: string; viaTelegram: boolean } {
  const [channel = '', ...rest] = actor.split(':');
  if (channel === 'telegram') {
    const [id = '', ...name] = rest;
    return { name: name.join(':') || `Telegram user ${id}`, viaTelegram: true };
  }
  if (channel === 'dashboard') return { name: rest.join(':') || actor, viaTelegram: false };
  return { name: actor, viaTelegram: false };
}
