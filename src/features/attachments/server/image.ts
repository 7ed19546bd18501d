/**
 * The image pipeline: the type is sniffed from the bytes (never the name or the declared type),
 * then every stored copy is re-encoded by sharp, which writes no metadata (EXIF, GPS, XMP, IPTC,
 * comments) unless asked to. Orientation from EXIF is applied to the pixels first, so a photo
 * keeps its look once its EXIF is gone. Animated GIF and WebP keep their frames (see
 * src/features/attachments/README.md).
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import { AppError } from '@/server/http/errors';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, type ImageType } from '../enums';

/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The web-sized copy fits in this square. */
export const WEB_MAX_SIDE = 1600;

export interface EncodedImage {
  data: Buffer;
  contentType: ImageType;
  width: number;
  height: number;
}

export interface ProcessedImage {
  original: EncodedImage;
  web: EncodedImage;
}

const EXTENSIONS: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
export const extensionOf = (type: ImageType): string => EXTENSIONS[type];

/** The image type of the bytes, or 415 UNSUPPORTED_MEDIA_TYPE; 413 over SPEC.md §5's 5 MiB. */
export async function sniffImage(bytes: Uint8Array): Promise<ImageType> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Images can be at most 5 MiB.', { reason: 'imageTooLarge' });
  if (bytes.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file is empty.', { reason: 'imageEmpty' });
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  const mime = found?.mime as string | undefined;
  if (!mime || !(IMAGE_TYPES as readonly string[]).includes(mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG, GIF and WebP images can be uploaded.', { reason: 'imageType' });
  }
  return mime as ImageType;
}

function open(bytes: Uint8Array, animated: boolean): Sharp {
  return sharp(bytes, { animated, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
}

async function encode(pipeline: Sharp, type: ImageType): Promise<EncodedImage> {
  const formatted =
    type === 'image/png'
      ? pipeline.png()
      : type === 'image/jpeg'
        ? pipeline.jpeg({ quality: 88, mozjpeg: true })
        : type === 'image/gif'
          ? pipeline.gif()
          : pipeline.webp({ quality: 82 });
  const { data, info } = await formatted.toBuffer({ resolveWithObject: true });
  // An animation's height is its frames' together; one frame's is `pageHeight`.
  return { data, contentType: type, width: info.width, height: info.pageHeight ?? info.height };
}

/** Reads the image's header; a file the decoder refuses is 415, one too large in pixels 413. */
async function inspect(bytes: Uint8Array): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read.', { reason: 'imageUnreadable' });
  }
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if ((meta.width ?? 0) * frameHeight > MAX_IMAGE_PIXELS) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Images can be at most 40 megapixels.', { reason: 'imageTooManyPixels' });
  }
  return meta;
}

async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError) throw err;
    // A truncated or corrupt image: the decoder's own words stay in the logs' stack, not the answer.
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The image could not be read.', { reason: 'imageUnreadable' });
  }
}

/**
 * An image for a post or comment: the stored copy in its own type, and the web-sized copy as
 * WebP (at most 1600 px a side, never enlarged), both without metadata; animations stay animated.
 */
export async function processContentImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const type = await sniffImage(bytes);
  const meta = await inspect(bytes);
  const animated = (meta.pages ?? 1) > 1;
  return guard(
    (async () => {
      const oriented = (p: Sharp) => (animated ? p : p.rotate());
      const original = await encode(oriented(open(bytes, animated)), type);
      const web = await encode(
        oriented(open(bytes, animated)).resize({ width: WEB_MAX_SIDE, height: WEB_MAX_SIDE, fit: 'inside', withoutEnlargement: true }),
        'image/webp',
      );
      return { original, web };
    })(),
  );
}

/** Branding: PNG throughout (email clients read it), first frame only. */
export async function processBrandingImage(bytes: Uint8Array, kind: 'logo' | 'favicon'): Promise<ProcessedImage> {
  await sniffImage(bytes);
  await inspect(bytes);
  return guard(
    (async () => {
      if (kind === 'logo') {
        // Stored at most 1024 px a side; the header and emails use a copy 96 px high (32 px shown, sharp on 3x screens).
        const original = await encode(
          open(bytes, false).rotate().resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true }),
          'image/png',
        );
        const web = await encode(
          open(bytes, false).rotate().resize({ width: 480, height: 96, fit: 'inside', withoutEnlargement: true }),
          'image/png',
        );
        return { original, web };
      }
      // A favicon is square: 180 px (Apple touch icon) and 32 px, the picture fitted on a transparent square.
      const square = (side: number) =>
        encode(
          open(bytes, false)
            .rotate()
            .resize({ width: side, height: side, fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } }),
          'image/png',
        );
      return { original: await square(180), web: await square(32) };
    })(),
  );
}
