import sharp from 'sharp';
import type { ImageFormat } from './media-sniff.ts';

/** What each image is resized to; everything is stored as WebP (animation kept for alerts). */
export const IMAGE_PRESETS = {
  /** Square, cropped to the centre: the donation page's round avatar. */
  avatar: { width: 256, height: 256, fit: 'cover' },
  /** A wide banner behind the donation page's header. */
  cover: { width: 1600, height: 900, fit: 'inside' },
  /** An alert's picture or GIF on stream. */
  alert_image: { width: 600, height: 600, fit: 'inside' },
} as const;
export type ImagePreset = keyof typeof IMAGE_PRESETS;

/** Decompression bombs stop here: 40 megapixels is far past any real avatar or GIF frame set. */
const MAX_INPUT_PIXELS = 40_000_000;

export type ProcessedImage = { data: Buffer; width: number; height: number; contentType: string };

/**
 * Decodes, resizes and re-encodes an image whose signature was already checked. Re-encoding
 * drops metadata (camera GPS included) and anything hidden after the image data. Throws when
 * the bytes do not decode: a file that only starts like an image is not one.
 */
export async function processImage(
  data: Buffer,
  format: ImageFormat,
  preset: ImagePreset,
): Promise<ProcessedImage> {
  const { width, height, fit } = IMAGE_PRESETS[preset];
  const isAnimated = preset === 'alert_image' && (format === 'gif' || format === 'webp');
  const pipeline = sharp(data, {
    animated: isAnimated,
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: 'error',
  });
  // Photos: honour the camera's orientation before the metadata is dropped (animations have none).
  if (!isAnimated) pipeline.rotate();
  const { data: output, info } = await pipeline
    .resize({ width, height, fit, withoutEnlargement: fit === 'inside' })
    .webp({ quality: 82, effort: 3 })
    .toBuffer({ resolveWithObject: true });
  return {
    data: output,
    width: info.width,
    height: info.pageHeight ?? info.height,
    contentType: 'image/webp',
  };
}

/** A page's link-preview image: its cover as a wide card, else its avatar as a square one. */
export const LINK_PREVIEW_IMAGES = {
  cover: { width: 1200, height: 630 },
  avatar: { width: 256, height: 256 },
} as const;
export type LinkPreviewImageKind = keyof typeof LINK_PREVIEW_IMAGES;

/**
 * A stored cover or avatar (WebP) as a JPEG of its card's size: JPEG because not every app
 * that previews links shows WebP.
 */
export async function linkPreviewJpeg(data: Buffer, kind: LinkPreviewImageKind): Promise<Buffer> {
  const { width, height } = LINK_PREVIEW_IMAGES[kind];
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .resize({ width, height, fit: 'cover' })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}
