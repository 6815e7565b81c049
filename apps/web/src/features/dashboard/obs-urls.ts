/** The browser-source URL of a streamer's alert overlay, ready to paste into OBS. */
export function overlayUrl(origin: string, slug: string, token: string): string {
  return `${origin}/${encodeURIComponent(slug)}/obs-alerts?token=${encodeURIComponent(token)}`;
}

/** The streamer's audio player page, which plays approved voice messages. */
export function audioPlayerUrl(origin: string, slug: string): string {
  return `${origin}/${encodeURIComponent(slug)}/audio-player`;
}
