import sharp from 'sharp';
import { AppError, badRequest } from '../../http/errors.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The multipart limits of every image upload route: one file of at most MAX_IMAGE_BYTES, a few small fields. */
export const IMAGE_UPLOAD_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 10,
  parts: 11,
  fieldSize: 1024,
};
export const DISPLAY_MAX_SIDE = 1600;
export const THUMBNAIL_SIZE = { width: 400, height: 300 } as const;
/** Guards against decompression bombs: a small file that decodes to a huge bitmap (200 MP phones still pass). */
export const MAX_INPUT_PIXELS = 210_000_000;

export const IMAGE_MESSAGES = {
  unsupportedType: 'Only JPEG, PNG or WebP images can be uploaded',
  tooLarge: 'Images must be 10 MB or smaller',
  unreadable: 'Failed to upload image: the file is damaged or incomplete',
  tooManyPixels: 'Failed to upload image: its dimensions are too large',
} as const;

export type AcceptedImageType = 'jpeg' | 'png' | 'webp';

export interface ProcessedImage {
  /** WebP, at most DISPLAY_MAX_SIDE on its long side, upright, without metadata. */
  display: Buffer;
  /** WebP, THUMBNAIL_SIZE, cropped to cover. */
  thumbnail: Buffer;
  width: number;
  height: number;
  /** The detected type of the upload. */
  sourceType: AcceptedImageType;
}

export const imageTooLarge = () => new AppError(413, IMAGE_MESSAGES.tooLarge, 'PAYLOAD_TOO_LARGE');

/** The real type from the first bytes; the file name and the declared content type are never trusted. */
export function sniffImageType(bytes: Buffer): AcceptedImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/**
 * Turns an upload into what we store: checks size and real type (magic bytes, then the decoder agrees),
 * turns it upright by its EXIF orientation, and re-encodes to WebP. Re-encoding without `keepMetadata`
 * drops EXIF (GPS position, camera serials), XMP and IPTC.
 */
const DECODE_OPTIONS = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;

/** Size, magic bytes, and the decoder agreeing on the type: an upload is one of ours or refused. */
async function checkUpload(input: Buffer): Promise<AcceptedImageType> {
  if (input.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const sniffed = sniffImageType(input);
  if (!sniffed) throw badRequest(IMAGE_MESSAGES.unsupportedType);
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, DECODE_OPTIONS).metadata());
  } catch {
    throw badRequest(IMAGE_MESSAGES.unsupportedType);
  }
  if (format !== sniffed) throw badRequest(IMAGE_MESSAGES.unsupportedType);
  return sniffed;
}

function encodingFailure(error: unknown) {
  if (error instanceof Error && /pixel limit/i.test(error.message))
    return badRequest(IMAGE_MESSAGES.tooManyPixels);
  return badRequest(IMAGE_MESSAGES.unreadable);
}

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const sniffed = await checkUpload(input);
  const options = DECODE_OPTIONS;
  try {
    const upright = sharp(input, options).autoOrient();
    const [display, thumbnail] = await Promise.all([
      upright
        .clone()
        .resize({
          width: DISPLAY_MAX_SIDE,
          height: DISPLAY_MAX_SIDE,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82, effort: 2 })
        .toBuffer({ resolveWithObject: true }),
      upright
        .clone()
        .resize({ ...THUMBNAIL_SIZE, fit: 'cover', position: 'attention' })
        .webp({ quality: 75, effort: 2 })
        .toBuffer(),
    ]);
    return {
      display: display.data,
      thumbnail,
      width: display.info.width,
      height: display.info.height,
      sourceType: sniffed,
    };
  } catch (error) {
    throw encodingFailure(error);
  }
}

/** A business logo's box on documents: at most this size, kept in proportion. */
export const LOGO_MAX = { width: 800, height: 320 } as const;

/**
 * A business logo: checked like a photo, turned upright and re-encoded (dropping EXIF/GPS) as PNG —
 * the PDF renderer embeds PNG and JPEG, not WebP — transparency kept.
 */
export async function processLogo(input: Buffer): Promise<Buffer> {
  await checkUpload(input);
  try {
    return await sharp(input, DECODE_OPTIONS)
      .autoOrient()
      .resize({ ...LOGO_MAX, fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch (error) {
    throw encodingFailure(error);
  }
}
