import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, processImage, sniffImageType } from './process-image.ts';
import { halfRedJpeg, jpegWithGps, pixelAt, readGpsLatitudeRef, solidImage } from './test-images.ts';

async function refusal(input: Buffer): Promise<AppError> {
  const error = await processImage(input).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const isRed = ([r, g, b]: [number, number, number]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r, g, b]: [number, number, number]) => b > 200 && r < 60 && g < 60;

describe('sniffImageType', () => {
  it('recognises JPEG, PNG and WebP by their first bytes and nothing else', async () => {
    const base = solidImage(8, 8);
    expect(sniffImageType(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImageType(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await base.clone().gif().toBuffer())).toBeNull();
    expect(sniffImageType(await base.clone().tiff().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processImage', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    're-encodes a %s to a WebP display copy and a 400×300 thumbnail',
    async (format) => {
      const input = await solidImage(2400, 1200)[format]().toBuffer();
      const result = await processImage(input);
      expect(result.sourceType).toBe(format);
      expect([result.width, result.height]).toEqual([1600, 800]);
      const display = await sharp(result.display).metadata();
      const thumbnail = await sharp(result.thumbnail).metadata();
      expect([display.format, display.width, display.height]).toEqual(['webp', 1600, 800]);
      expect([thumbnail.format, thumbnail.width, thumbnail.height]).toEqual(['webp', 400, 300]);
    },
  );

  it('limits the long side of portrait photos too and never enlarges small ones', async () => {
    const tall = await processImage(await solidImage(1000, 3000).jpeg().toBuffer());
    expect([tall.width, tall.height]).toEqual([533, 1600]);
    const small = await processImage(await solidImage(640, 480).jpeg().toBuffer());
    expect([small.width, small.height]).toEqual([640, 480]);
    expect(await sharp(small.thumbnail).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('turns the photo upright by its EXIF orientation and drops the orientation tag', async () => {
    // Stored 600×400 with the left half red; orientation 6 means "turn 90° clockwise to view".
    const input = await halfRedJpeg(600, 400, { orientation: 6 });
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const result = await processImage(input);
    expect([result.width, result.height]).toEqual([400, 600]);
    const meta = await sharp(result.display).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(isRed(await pixelAt(result.display, 200, 100))).toBe(true);
    expect(isBlue(await pixelAt(result.display, 200, 500))).toBe(true);
  });

  it('strips EXIF, including the GPS position, from both copies', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(readGpsLatitudeRef(before.exif)).toBe('S');
    expect(before.exif?.includes('RentzaTestCam')).toBe(true);

    const result = await processImage(input);
    for (const output of [result.display, result.thumbnail]) {
      const after = await sharp(output).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(output.includes('RentzaTestCam')).toBe(false);
    }
  });

  it.each([
    ['text renamed to .jpg', Buffer.from('This is a shopping list, not a photo.\n')],
    ['an empty file', Buffer.alloc(0)],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n')],
  ])('refuses %s with 400', async (_label, input) => {
    const error = await refusal(input);
    expect([error.statusCode, error.message]).toEqual([400, IMAGE_MESSAGES.unsupportedType]);
  });

  it.each(['gif', 'tiff', 'avif'] as const)('refuses a real %s image with 400', async (format) => {
    const input = await solidImage(32, 32)[format]().toBuffer();
    const error = await refusal(input);
    expect([error.statusCode, error.message]).toEqual([400, IMAGE_MESSAGES.unsupportedType]);
  });

  it('refuses a file whose magic bytes lie about its content', async () => {
    const png = await solidImage(32, 32).png().toBuffer();
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
    const error = await refusal(fakeJpeg);
    expect([error.statusCode, error.message]).toEqual([400, IMAGE_MESSAGES.unsupportedType]);
  });

  it('refuses more than 10 MB with 413 before decoding anything', async () => {
    const input = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    input.set([0xff, 0xd8, 0xff], 0);
    const error = await refusal(input);
    expect([error.statusCode, error.message]).toEqual([413, IMAGE_MESSAGES.tooLarge]);
    expect(IMAGE_MESSAGES.tooLarge).toBe('Images must be 10 MB or smaller');
  });
});
