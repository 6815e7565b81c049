/**
 * Unicode bidi overrides and other invisible controls are stripped from public text. The
 * zero-width joiner and non-joiner stay: emoji such as 👩‍💻 and Indic spellings need them.
 */
const INVISIBLE_CONTROLS =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Donor text as every public surface shows it (page, overlay, Telegram): no invisible tricks. */
export function sanitizeText(text: string): string {
  return text.replace(INVISIBLE_CONTROLS, '').trim();
}
