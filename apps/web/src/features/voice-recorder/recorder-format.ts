/**
 * Recording formats in order of preference (issue 6; integrations.md §E): Opus in Ogg or WebM
 * where the browser records it, then Safari's MP4/AAC. Order matters: Firefox answers yes to Ogg.
 */
export const RECORDER_MIME_PREFERENCE = [
  'audio/ogg;codecs=opus',
  'audio/webm;codecs=opus',
  'audio/webm',
  'audio/mp4',
] as const;

/**
 * The first preferred type the browser can record, or '' to let the browser choose (older
 * Safari has no `isTypeSupported`; pass `undefined` then).
 */
export function pickRecorderMimeType(isTypeSupported: ((type: string) => boolean) | undefined) {
  if (!isTypeSupported) return '';
  return RECORDER_MIME_PREFERENCE.find((type) => isTypeSupported(type)) ?? '';
}

const EXTENSIONS: Record<string, string> = {
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/mp4': 'm4a',
  'video/mp4': 'm4a',
  'audio/mpeg': 'mp3',
};

/**
 * A file name for the upload that matches the recording's type. The server judges the content,
 * not the name; the name only helps people reading logs and storage.
 */
export function voiceFileName(mimeType: string): string {
  const baseType = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = EXTENSIONS[baseType];
  return extension ? `voice-message.${extension}` : 'voice-message';
}

/** 7_400 → "0:07", 60_000 → "1:00": a recording timer, whole seconds rounded down. */
export function formatClock(milliseconds: number): string {
  const totalSeconds = Math.max(0, Math.floor(milliseconds / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
