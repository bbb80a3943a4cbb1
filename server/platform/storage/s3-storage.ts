import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config.ts';
import { isSafeStorageKey, type StorageDriver } from './storage.ts';

/** Browsers and CDNs may keep a stored image for an hour (spec §9). */
export const STORED_OBJECT_CACHE_CONTROL = 'public, max-age=3600';

/** The part of S3Client the driver uses, so tests can hand in a fake. */
export interface S3Sender {
  send: S3Client['send'];
}

export interface S3StorageOptions {
  client: S3Sender;
  bucket: string;
}

type S3Settings = Pick<
  Config,
  'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_REGION'
>;

/**
 * A client for AWS S3 or any S3-compatible service. With S3_ENDPOINT (MinIO, R2, Ceph, Wasabi…) it uses
 * path-style URLs (`endpoint/bucket/key`), which such services support without wildcard DNS, and sends
 * checksums only where the API requires them (newer SDK defaults break several S3-compatible servers).
 */
export function createS3Client(
  settings: S3Settings,
  extra: Partial<ConstructorParameters<typeof S3Client>[0]> = {},
): S3Client {
  const custom = Boolean(settings.S3_ENDPOINT);
  return new S3Client({
    region: settings.S3_REGION,
    ...(custom
      ? {
          endpoint: settings.S3_ENDPOINT,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
    ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
    ...extra,
  });
}

function isNotFound(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

function assertSafe(key: string): void {
  if (!isSafeStorageKey(key)) throw new Error(`Unsafe storage key: ${key}`);
}

/** A StorageDriver over one bucket; keys map one to one to object keys. */
export function createS3Storage({ client, bucket }: S3StorageOptions): StorageDriver {
  return {
    kind: 's3',
    put: async (key, body, contentType) => {
      assertSafe(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: STORED_OBJECT_CACHE_CONTROL,
        }),
      );
    },
    get: async (key) => {
      if (!isSafeStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!object.Body) return null;
        // In Node the SDK hands back a stream (IncomingMessage); other runtimes get buffered.
        const body =
          object.Body instanceof Readable
            ? object.Body
            : Readable.from([Buffer.from(await object.Body.transformToByteArray())]);
        return {
          body,
          contentType: object.ContentType ?? 'application/octet-stream',
          ...(object.ContentLength === undefined ? {} : { contentLength: object.ContentLength }),
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    remove: async (keys) => {
      keys.forEach(assertSafe);
      // One DeleteObject per key: every S3-compatible service has it (DeleteObjects is not universal),
      // and deleting a missing key succeeds, like the local driver's rm --force.
      await Promise.all(
        keys.map((key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))),
      );
    },
  };
}

export function createS3StorageFromConfig(settings: S3Settings & { S3_BUCKET: string }): StorageDriver {
  return createS3Storage({ client: createS3Client(settings), bucket: settings.S3_BUCKET });
}
