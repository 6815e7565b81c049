/** The browser-source URL of a streamer's alert overlay, ready to paste into OBS. */
export function overlayUrl(origin: string, slug: string, token: string): string {
  return `${origin}/${encodeURIComponent(slug)}/obs-alerts?token=${encodeURIComponent(token)}`;
}

/** The streamer's audio player page, which plays approved voice messages. */
export function audioPlayerUrl(origin: string, slug: string): string {
  return `${origin}/${encodeURIComponent(slug)}/audio-player`;
}

/** What a shared screen shows in place of a token: the kind of token, never a character of it. */
export const HIDDEN_TOKEN = `obs_${'•'.repeat(12)}`;

/** `text` (a token, or a URL that carries it) with the token hidden, for a screen on stream. */
export function hideToken(text: string, token: string): string {
  if (!token) return text;
  return text.replaceAll(encodeURIComponent(token), HIDDEN_TOKEN).replaceAll(token, HIDDEN_TOKEN);
}
