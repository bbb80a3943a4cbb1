import { randomUUID } from 'node:crypto';
import sharp from 'sharp';

/** Test fixtures: real images made with sharp, an EXIF reader for GPS, and a multipart body builder. */

export function solidImage(width: number, height: number, colour = '#2f80ed') {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

/** A photo that is visibly asymmetric (left half red) so rotation can be checked. */
export async function halfRedJpeg(width: number, height: number, options: { orientation?: number } = {}) {
  const red = await solidImage(Math.floor(width / 2), height, '#ff0000')
    .png()
    .toBuffer();
  let image = solidImage(width, height, '#0000ff').composite([{ input: red, left: 0, top: 0 }]);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.jpeg({ quality: 90 }).toBuffer();
}

/** A JPEG carrying the GPS position of Cape Town (33°55′S 18°25′E) and a camera make. */
export function jpegWithGps(width = 900, height = 600): Promise<Buffer> {
  return solidImage(width, height)
    .withExif({
      IFD0: { Make: 'RentzaTestCam', Model: 'GPS-1' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 55/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '18/1 25/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
}

interface IfdEntry {
  tag: number;
  type: number;
  count: number;
  valueOffset: number;
  /** Offset (from the TIFF header) of the 4-byte value field. */
  fieldOffset: number;
}

/**
 * Reads the GPS latitude reference ('N'/'S') from an EXIF block as sharp returns it ("Exif\0\0" + TIFF),
 * or null when there is no GPS IFD. Small on purpose: only what the tests need.
 */
export function readGpsLatitudeRef(exif: Buffer | undefined): string | null {
  if (!exif) return null;
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif;
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (ifdOffset: number): IfdEntry[] =>
    Array.from({ length: u16(ifdOffset) }, (_, index) => {
      const at = ifdOffset + 2 + index * 12;
      return {
        tag: u16(at),
        type: u16(at + 2),
        count: u32(at + 4),
        valueOffset: u32(at + 8),
        fieldOffset: at + 8,
      };
    });
  const gpsPointer = entries(u32(4)).find((entry) => entry.tag === 0x8825);
  if (!gpsPointer) return null;
  const latitudeRef = entries(gpsPointer.valueOffset).find((entry) => entry.tag === 0x0001);
  if (!latitudeRef) return null;
  // ASCII of up to 4 bytes is stored inline in the value field.
  return tiff.subarray(latitudeRef.fieldOffset, latitudeRef.fieldOffset + 1).toString('latin1');
}

export interface MultipartPart {
  name: string;
  data: Buffer | string;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser would send it. */
export function multipartBody(parts: MultipartPart[]): { body: Buffer; contentType: string } {
  const boundary = `----rentza-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${filename}\r\n${type}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The colour of a pixel, for checking which way an image was turned. */
export async function pixelAt(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}
