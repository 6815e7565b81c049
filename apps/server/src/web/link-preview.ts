import type { Streamer } from '../db/schema.ts';
import {
  LINK_PREVIEW_IMAGES,
  type LinkPreviewImageKind,
} from '../modules/settings/image-processing.ts';
import { mediaIdFromUrl } from '../modules/settings/media.service.ts';

/** Open Graph's description should fit a card: longer welcome texts are cut at a word. */
const DESCRIPTION_MAX_CHARS = 160;

/** Where a media file's JPEG preview is served (JPEG because not every app shows WebP). */
export const linkPreviewImagePath = (mediaId: string, kind: LinkPreviewImageKind) =>
  `/media/link-preview/${kind}/${mediaId}.jpg`;

function escapeAttribute(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function shorten(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.slice(0, maxChars - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > maxChars / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

/**
 * The `<head>` tags that make a shared donation page link show a proper card in WhatsApp,
 * Instagram, X and Discord: its own title and description, the canonical URL, and an image of
 * the streamer (their uploaded cover, else their avatar). Every value is escaped.
 */
export function linkPreviewTags(streamer: Streamer, publicUrl: string): string {
  const url = `${publicUrl}/${streamer.slug}`;
  const title = `Tip ${streamer.name} · Shabaash`;
  const description = shorten(
    streamer.welcomeText.trim() ||
      `Send ${streamer.name} a UPI tip with a message, a voice note or a hyperemote, shown live on stream.`,
    DESCRIPTION_MAX_CHARS,
  );
  const coverId = streamer.theme === 'cover' ? mediaIdFromUrl(streamer.coverImageUrl) : null;
  const avatarId = mediaIdFromUrl(streamer.avatarImageUrl);
  const image = coverId
    ? { id: coverId, kind: 'cover' as const }
    : avatarId
      ? { id: avatarId, kind: 'avatar' as const }
      : null;

  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(value)}" />`;
  const tags = [
    `<title>${escapeAttribute(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', 'Shabaash'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('name', 'twitter:card', image?.kind === 'cover' ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
  ];
  if (image) {
    const { width, height } = LINK_PREVIEW_IMAGES[image.kind];
    const imageUrl = `${publicUrl}${linkPreviewImagePath(image.id, image.kind)}`;
    tags.push(
      meta('property', 'og:image', imageUrl),
      meta('property', 'og:image:type', 'image/jpeg'),
      meta('property', 'og:image:width', String(width)),
      meta('property', 'og:image:height', String(height)),
      meta('property', 'og:image:alt', streamer.name),
      meta('name', 'twitter:image', imageUrl),
    );
  }
  return tags.join('\n    ');
}

/**
 * The shell with the page's own preview tags in place of its generic title and description
 * (the build's `<title>` and `<meta name="description">` are removed, the tags go before
 * `</head>`).
 */
export function withLinkPreview(shell: string, tags: string): string {
  return shell
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/i, '')
    .replace('</head>', () => `  ${tags}\n  </head>`);
}
