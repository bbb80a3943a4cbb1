import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createStorage } from '../../runtime.ts';
import { createS3Client, createS3Storage, type S3Sender, STORED_OBJECT_CACHE_CONTROL } from './s3-storage.ts';

type SentCommand = PutObjectCommand | GetObjectCommand | DeleteObjectCommand;

/** An in-memory bucket behind the S3Client `send` interface; records every command. */
function fakeBucket() {
  const objects = new Map<string, { body: Buffer; contentType: string | undefined }>();
  const sent: SentCommand[] = [];
  const send = async (command: SentCommand) => {
    sent.push(command);
    if (command instanceof PutObjectCommand) {
      objects.set(command.input.Key as string, {
        body: command.input.Body as Buffer,
        contentType: command.input.ContentType,
      });
      return {};
    }
    if (command instanceof GetObjectCommand) {
      const object = objects.get(command.input.Key as string);
      if (!object) throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
      return {
        Body: Readable.from([object.body]),
        ContentType: object.contentType,
        ContentLength: object.body.length,
      };
    }
    objects.delete(command.input.Key as string);
    return {};
  };
  return { client: { send } as unknown as S3Sender, objects, sent };
}

const settings = {
  S3_BUCKET: 'rentza-images',
  S3_ACCESS_KEY_ID: 'test-key',
  S3_SECRET_ACCESS_KEY: 'test-secret',
  S3_REGION: 'af-south-1',
};

/** An S3Client whose HTTP layer is a stub: it records the requests it would send and answers 200. */
function recordingClient(endpoint: string | undefined) {
  const requests: Array<{ hostname: string; path: string; method: string; headers: Record<string, string> }> =
    [];
  const client = createS3Client(
    { ...settings, S3_ENDPOINT: endpoint },
    {
      requestHandler: {
        handle: async (request: (typeof requests)[number]) => {
          requests.push(request);
          return { response: { statusCode: 200, headers: {}, body: Readable.from([]) } };
        },
      } as never,
    },
  );
  return { client, requests };
}

describe('S3 storage driver', () => {
  it('puts objects under their key with the content type and a one-hour cache', async () => {
    const bucket = fakeBucket();
    const storage = createS3Storage({ client: bucket.client, bucket: 'rentza-images' });
    expect(storage.kind).toBe('s3');
    await storage.put('properties/p1/i1-display.webp', Buffer.from('webp bytes'), 'image/webp');
    const [command] = bucket.sent;
    expect(command).toBeInstanceOf(PutObjectCommand);
    expect(command?.input).toMatchObject({
      Bucket: 'rentza-images',
      Key: 'properties/p1/i1-display.webp',
      ContentType: 'image/webp',
      ContentLength: 10,
      CacheControl: STORED_OBJECT_CACHE_CONTROL,
    });
    expect(STORED_OBJECT_CACHE_CONTROL).toBe('public, max-age=3600');
  });

  it('gets a stored object as a stream with its type and length', async () => {
    const bucket = fakeBucket();
    const storage = createS3Storage({ client: bucket.client, bucket: 'rentza-images' });
    await storage.put('properties/p1/i1-thumb.webp', Buffer.from('thumbnail'), 'image/webp');
    const object = await storage.get('properties/p1/i1-thumb.webp');
    expect(object).not.toBeNull();
    expect(object?.contentType).toBe('image/webp');
    expect(object?.contentLength).toBe(9);
    expect(await text(object?.body as Readable)).toBe('thumbnail');
    expect(bucket.sent.at(-1)?.input).toEqual({
      Bucket: 'rentza-images',
      Key: 'properties/p1/i1-thumb.webp',
    });
  });

  it('answers null for a missing key and for unsafe keys (without asking the bucket)', async () => {
    const bucket = fakeBucket();
    const storage = createS3Storage({ client: bucket.client, bucket: 'rentza-images' });
    expect(await storage.get('properties/p1/nothing.webp')).toBeNull();
    const asked = bucket.sent.length;
    expect(await storage.get('../secrets')).toBeNull();
    expect(await storage.get('/etc/passwd')).toBeNull();
    expect(bucket.sent.length).toBe(asked);
  });

  it('passes other errors on', async () => {
    const failing = {
      send: async () => {
        throw Object.assign(new Error('Access Denied'), {
          name: 'AccessDenied',
          $metadata: { httpStatusCode: 403 },
        });
      },
    } as unknown as S3Sender;
    const storage = createS3Storage({ client: failing, bucket: 'b' });
    await expect(storage.get('properties/x.webp')).rejects.toThrow('Access Denied');
  });

  it('removes each key with DeleteObject and refuses unsafe keys', async () => {
    const bucket = fakeBucket();
    const storage = createS3Storage({ client: bucket.client, bucket: 'rentza-images' });
    await storage.put('properties/p1/a.webp', Buffer.from('a'), 'image/webp');
    await storage.put('properties/p1/b.webp', Buffer.from('b'), 'image/webp');
    bucket.sent.length = 0;
    await storage.remove(['properties/p1/a.webp', 'properties/p1/b.webp']);
    expect(bucket.sent.every((command) => command instanceof DeleteObjectCommand)).toBe(true);
    expect(bucket.sent.map((command) => command.input.Key).sort()).toEqual([
      'properties/p1/a.webp',
      'properties/p1/b.webp',
    ]);
    expect(bucket.objects.size).toBe(0);
    await storage.remove([]);
    await expect(storage.remove(['../../etc/passwd'])).rejects.toThrow(/Unsafe storage key/);
    await expect(storage.put('a/../b', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Unsafe storage key/);
  });
});

describe('createS3Client', () => {
  it('uses path-style URLs on a custom endpoint (MinIO, R2, …)', async () => {
    const { client, requests } = recordingClient('http://minio.local:9000');
    await createS3Storage({ client, bucket: 'rentza-images' }).put(
      'properties/p1/i1-display.webp',
      Buffer.from('x'),
      'image/webp',
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      hostname: 'minio.local',
      path: '/rentza-images/properties/p1/i1-display.webp',
    });
    expect(requests[0]?.headers['content-type']).toBe('image/webp');
    expect(requests[0]?.headers['cache-control']).toBe('public, max-age=3600');
    expect(requests[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test-key\//);
  });

  it('uses the regional virtual-hosted AWS endpoint when no endpoint is set', async () => {
    const { client, requests } = recordingClient(undefined);
    await createS3Storage({ client, bucket: 'rentza-images' }).remove(['properties/p1/i1-thumb.webp']);
    expect(requests[0]).toMatchObject({
      method: 'DELETE',
      hostname: 'rentza-images.s3.af-south-1.amazonaws.com',
      path: '/properties/p1/i1-thumb.webp',
    });
  });
});

describe('createStorage (runtime)', () => {
  it('chooses S3 when S3_BUCKET is configured and local disk otherwise', () => {
    const local = loadConfig({ DATA_DIR: '/tmp/rentza-storage-choice' });
    expect(createStorage(local).kind).toBe('local');
    const s3 = loadConfig({
      DATA_DIR: '/tmp/rentza-storage-choice',
      S3_ENDPOINT: 'http://minio.local:9000',
      ...settings,
    });
    expect(createStorage(s3).kind).toBe('s3');
  });
});
