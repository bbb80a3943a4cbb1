import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';

/** A plain-coloured 800 × 600 JPEG on disk, as a phone camera would hand a person one to upload. */
export async function makePhoto(dir: string, name: string, colour: string): Promise<string> {
  const file = path.join(dir, name);
  await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .jpeg()
    .toFile(file);
  return file;
}

/** A fresh folder for a journey's photos. */
export function photoFolder(): string {
  return mkdtempSync(path.join(tmpdir(), 'rentza-photos-'));
}
