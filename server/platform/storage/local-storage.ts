import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isSafeStorageKey, type StorageDriver } from './storage.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

export function createLocalStorage(rootDir: string): StorageDriver {
  const root = path.resolve(rootDir);
  const resolve = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    put: async (key, body) => {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    get: async (key) => {
      if (!isSafeStorageKey(key)) return null;
      const file = resolve(key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          body: createReadStream(file),
          contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
          contentLength: info.size,
        };
      } catch {
        return null;
      }
    },
    remove: async (keys) => {
      await Promise.all(keys.map((key) => rm(resolve(key), { force: true })));
    },
  };
}
