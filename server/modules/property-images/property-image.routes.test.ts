import { randomUUID } from 'node:crypto';
import { faker } from '@faker-js/faker';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPermissions } from '../../../domain/permissions.ts';
import type { Property as PropertyDto } from '../../../domain/schemas/property-view.ts';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../../platform/images/process-image.ts';
import {
  halfRedJpeg,
  jpegWithGps,
  type MultipartPart,
  multipartBody,
  readGpsLatitudeRef,
  solidImage,
} from '../../platform/images/test-images.ts';
import { insertImages } from '../../test/booking-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { ensureStarterSubscription } from '../subscriptions/subscription.repository.ts';
import { MAX_IMAGES_PER_PROPERTY } from './property-image.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const NOT_AUTHENTICATED = 'User not authenticated';
const NOT_OWNER = 'You must be an owner to manage properties';
const NOT_YOURS = 'You can only update your own properties';
const NOT_FOUND = 'Property not found';
const IMAGE_NOT_FOUND = 'Image not found';
const NO_SUBSCRIPTION = 'No active subscription';

interface ImageDto {
  id: string;
  url: string;
  thumbnail_url: string;
  width: number;
  height: number;
  position: number;
}

/** A signed-in owner (with the Starter subscription every owner gets) and one listing of theirs. */
async function ownerWithListing() {
  const { user, cookie } = await t.signInAs({ role: 'owner' });
  await ensureStarterSubscription(t.db, user.id);
  const response = await t.post(
    '/api/properties',
    {
      type: 'accommodation',
      category: 'cottage',
      title: `Garden cottage ${randomUUID().slice(0, 6)}`,
      description: faker.lorem.sentence(),
      city: 'Durban',
      location: 'Florida Road, Morningside, Durban',
      price_per_day_cents: 95_000,
      specifications: { type: 'accommodation', bedrooms: 1, bathrooms: 1, maxOccupants: 2, maxGuests: 2 },
    },
    { cookie },
  );
  if (response.statusCode !== 201) throw new Error(`create listing: ${response.statusCode} ${response.body}`);
  return { user, cookie, property: response.json<PropertyDto>() };
}

function upload(propertyId: string, parts: MultipartPart[], cookie?: string) {
  const { body, contentType } = multipartBody(parts);
  return t.request('POST', `/api/properties/${propertyId}/images`, {
    body,
    headers: { 'content-type': contentType },
    ...(cookie ? { cookie } : {}),
  });
}

const filePart = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): MultipartPart => ({
  name: 'file',
  data,
  filename,
  contentType,
});

async function uploadOk(propertyId: string, cookie: string, data?: Buffer): Promise<ImageDto> {
  const response = await upload(
    propertyId,
    [filePart(data ?? (await solidImage(800, 600).jpeg().toBuffer()))],
    cookie,
  );
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return response.json<ImageDto>();
}

const del = (url: string, cookie?: string) => t.request('DELETE', url, cookie ? { cookie } : {});
const put = (url: string, body: unknown, cookie?: string) =>
  t.request('PUT', url, { body, ...(cookie ? { cookie } : {}) });

const imageRows = (propertyId: string) =>
  t.db
    .selectFrom('property_images')
    .selectAll()
    .where('property_id', '=', propertyId)
    .orderBy('position')
    .execute();

function expectError(response: LightMyRequestResponse, status: number, message: string) {
  expect({ status: response.statusCode, message: response.json().message }).toEqual({ status, message });
}

let aJpeg: Buffer;
beforeAll(async () => {
  aJpeg = await solidImage(2000, 1000, '#e67e22').jpeg({ quality: 85 }).toBuffer();
});

describe('POST /api/properties/:id/images', () => {
  it('stores a JPEG as WebP display and thumbnail copies, served with a one-hour cache', async () => {
    const { cookie, property } = await ownerWithListing();
    const response = await upload(property.id, [filePart(aJpeg, 'beach house.JPG')], cookie);
    expect(response.statusCode).toBe(201);
    const image = response.json<ImageDto>();
    expect(image).toEqual({
      id: expect.any(String),
      url: `/api/images/properties/${property.id}/${image.id}-display.webp`,
      thumbnail_url: `/api/images/properties/${property.id}/${image.id}-thumb.webp`,
      width: 1600,
      height: 800,
      position: 0,
    });

    for (const [url, size] of [
      [image.url, [1600, 800]],
      [image.thumbnail_url, [400, 300]],
    ] as const) {
      const file = await t.get(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['cache-control']).toBe('public, max-age=3600');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', ...size]);
    }

    const listing = await t.get(`/api/properties/${property.id}`, { cookie });
    expect(listing.json<PropertyDto>().images).toEqual([image]);
  });

  it('accepts a photo of several megabytes (above the 1 MB JSON body limit)', async () => {
    const { cookie, property } = await ownerWithListing();
    const photo = await sharp({
      create: {
        width: 2400,
        height: 1800,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    const image = await uploadOk(property.id, cookie, photo);
    expect([image.width, image.height]).toEqual([1600, 1200]);
  });

  it('accepts PNG and WebP too and appends each upload at the next position', async () => {
    const { cookie, property } = await ownerWithListing();
    const first = await uploadOk(property.id, cookie, await solidImage(300, 200).png().toBuffer());
    const second = await uploadOk(property.id, cookie, await solidImage(300, 200).webp().toBuffer());
    const third = await uploadOk(property.id, cookie);
    expect([first.position, second.position, third.position]).toEqual([0, 1, 2]);
    const listing = await t.get(`/api/properties/${property.id}`, { cookie });
    expect(listing.json<PropertyDto>().images.map((image) => image.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);
  });

  it('refuses a non-image renamed to .jpg, and other formats, storing nothing', async () => {
    const { cookie, property } = await ownerWithListing();
    const cases = [
      filePart(Buffer.from('name,amount\nrent,1000\n'), 'invoice.jpg', 'image/jpeg'),
      filePart(await solidImage(20, 20).gif().toBuffer(), 'anim.gif', 'image/gif'),
      filePart(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'x.png',
        'image/png',
      ),
    ];
    for (const part of cases) {
      expectError(await upload(property.id, [part], cookie), 400, IMAGE_MESSAGES.unsupportedType);
    }
    expect(IMAGE_MESSAGES.unsupportedType).toBe('Only JPEG, PNG or WebP images can be uploaded');
    expect(await imageRows(property.id)).toEqual([]);
  });

  it('refuses a file over 10 MB with the clear message', async () => {
    const { cookie, property } = await ownerWithListing();
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 64 * 1024, 7);
    big.set(aJpeg.subarray(0, 64), 0);
    const response = await upload(property.id, [filePart(big, 'huge.jpg')], cookie);
    expectError(response, 413, 'Images must be 10 MB or smaller');
    expect(await imageRows(property.id)).toEqual([]);
  });

  it('asks for a file when the request has none or uses another field', async () => {
    const { cookie, property } = await ownerWithListing();
    const message = 'Please choose an image to upload';
    expectError(await upload(property.id, [{ name: 'caption', data: 'hello' }], cookie), 400, message);
    expectError(await upload(property.id, [{ ...filePart(aJpeg), name: 'photo' }], cookie), 400, message);
    expectError(
      await t.post(`/api/properties/${property.id}/images`, { file: 'x' }, { cookie }),
      400,
      message,
    );
  });

  it('keeps no EXIF or GPS position in the stored copies', async () => {
    const { cookie, property } = await ownerWithListing();
    const input = await jpegWithGps();
    const inputMeta = await sharp(input).metadata();
    expect(readGpsLatitudeRef(inputMeta.exif)).toBe('S');

    const image = await uploadOk(property.id, cookie, input);
    for (const url of [image.url, image.thumbnail_url]) {
      const stored = (await t.get(url)).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(readGpsLatitudeRef(meta.exif)).toBeNull();
      expect(stored.includes('RentzaTestCam')).toBe(false);
    }
  });

  it('stores photos upright according to their EXIF orientation', async () => {
    const { cookie, property } = await ownerWithListing();
    const image = await uploadOk(property.id, cookie, await halfRedJpeg(600, 400, { orientation: 6 }));
    expect([image.width, image.height]).toEqual([400, 600]);
  });

  it(`refuses more than ${MAX_IMAGES_PER_PROPERTY} photos on one listing`, async () => {
    const { cookie, property } = await ownerWithListing();
    await insertImages(t.db, property.id, MAX_IMAGES_PER_PROPERTY);
    expectError(
      await upload(property.id, [filePart(aJpeg)], cookie),
      400,
      `A property can have at most ${MAX_IMAGES_PER_PROPERTY} images`,
    );
  });
});

describe('who may change a listing’s photos', () => {
  type Actor =
    | 'anonymous'
    | 'client'
    | 'staff of the owner without the properties permission'
    | 'another owner'
    | 'admin';
  const denied: Array<[Actor, number, string]> = [
    ['anonymous', 401, NOT_AUTHENTICATED],
    ['client', 403, NOT_OWNER],
    ['staff of the owner without the properties permission', 403, NOT_OWNER],
    ['admin', 403, NOT_OWNER],
    ['another owner', 403, NOT_YOURS],
  ];

  async function cookieOf(actor: Actor, ownerId: string): Promise<string | undefined> {
    switch (actor) {
      case 'anonymous':
        return undefined;
      case 'client':
        return (await t.signInAs({ role: 'client' })).cookie;
      case 'admin':
        return (await t.signInAs({ role: 'admin' })).cookie;
      case 'staff of the owner without the properties permission':
        return (
          await t.signInAs({
            role: 'backoffice',
            parentOwnerId: ownerId,
            permissions: { ...defaultPermissions('backoffice'), canManageProperties: false },
          })
        ).cookie;
      case 'another owner':
        return (await ownerWithListing()).cookie;
    }
  }

  it.each(denied)('%s cannot upload, delete or reorder (%i)', async (actor, status, message) => {
    const { user, cookie: ownerCookie, property } = await ownerWithListing();
    const image = await uploadOk(property.id, ownerCookie);
    const cookie = await cookieOf(actor, user.id);

    expectError(await upload(property.id, [filePart(aJpeg)], cookie), status, message);
    expectError(await del(`/api/properties/${property.id}/images/${image.id}`, cookie), status, message);
    expectError(
      await put(`/api/properties/${property.id}/images/order`, { imageIds: [image.id] }, cookie),
      status,
      message,
    );

    const rows = await imageRows(property.id);
    expect(rows.map((row) => row.id)).toEqual([image.id]);
    expect((await t.get(image.url)).statusCode).toBe(200);
  });

  it.each(['cancelled', 'past_due', 'inactive'] as const)(
    'the owner with a %s subscription cannot upload, delete or reorder (403 No active subscription)',
    async (status) => {
      const { user, cookie, property } = await ownerWithListing();
      const image = await uploadOk(property.id, cookie);
      await t.db.updateTable('subscriptions').set({ status }).where('owner_id', '=', user.id).execute();

      expectError(await upload(property.id, [filePart(aJpeg)], cookie), 403, NO_SUBSCRIPTION);
      expectError(
        await del(`/api/properties/${property.id}/images/${image.id}`, cookie),
        403,
        NO_SUBSCRIPTION,
      );
      expectError(
        await put(`/api/properties/${property.id}/images/order`, { imageIds: [image.id] }, cookie),
        403,
        NO_SUBSCRIPTION,
      );
      expect((await imageRows(property.id)).map((row) => row.id)).toEqual([image.id]);
    },
  );

  it('answers 404 for a listing that does not exist', async () => {
    const { cookie } = await ownerWithListing();
    const missing = randomUUID();
    expectError(await upload(missing, [filePart(aJpeg)], cookie), 404, NOT_FOUND);
    expectError(await del(`/api/properties/${missing}/images/${randomUUID()}`, cookie), 404, NOT_FOUND);
    expectError(
      await put(`/api/properties/${missing}/images/order`, { imageIds: [] }, cookie),
      404,
      NOT_FOUND,
    );
    expectError(await upload('not-a-uuid', [filePart(aJpeg)], cookie), 400, NOT_FOUND);
  });
});

describe('DELETE /api/properties/:id/images/:imageId', () => {
  it('removes the row and both files, leaving the other photos', async () => {
    const { cookie, property } = await ownerWithListing();
    const keep = await uploadOk(property.id, cookie);
    const gone = await uploadOk(property.id, cookie);
    const response = await del(`/api/properties/${property.id}/images/${gone.id}`, cookie);
    expect(response.statusCode).toBe(204);
    expect((await t.get(gone.url)).statusCode).toBe(404);
    expect((await t.get(gone.thumbnail_url)).statusCode).toBe(404);
    expect((await t.get(keep.url)).statusCode).toBe(200);
    expect((await imageRows(property.id)).map((row) => row.id)).toEqual([keep.id]);
    expectError(await del(`/api/properties/${property.id}/images/${gone.id}`, cookie), 404, IMAGE_NOT_FOUND);
  });

  it('will not delete another listing’s photo through your own listing', async () => {
    const mine = await ownerWithListing();
    const theirs = await ownerWithListing();
    const their = await uploadOk(theirs.property.id, theirs.cookie);
    expectError(
      await del(`/api/properties/${mine.property.id}/images/${their.id}`, mine.cookie),
      404,
      IMAGE_NOT_FOUND,
    );
    expect((await t.get(their.url)).statusCode).toBe(200);
  });
});

describe('deleting a listing', () => {
  it('removes the files of all its photos', async () => {
    const { cookie, property } = await ownerWithListing();
    const images = [await uploadOk(property.id, cookie), await uploadOk(property.id, cookie)];
    expect((await del(`/api/properties/${property.id}`, cookie)).statusCode).toBe(204);
    for (const image of images) {
      expect((await t.get(image.url)).statusCode).toBe(404);
      expect((await t.get(image.thumbnail_url)).statusCode).toBe(404);
    }
  });
});

describe('PUT /api/properties/:id/images/order', () => {
  it('reorders the photos; the first becomes the cover in the listing and in search', async () => {
    const { cookie, property } = await ownerWithListing();
    const [a, b, c] = [
      await uploadOk(property.id, cookie),
      await uploadOk(property.id, cookie),
      await uploadOk(property.id, cookie),
    ];
    if (!a || !b || !c) throw new Error('uploads failed');

    const response = await put(
      `/api/properties/${property.id}/images/order`,
      { imageIds: [c.id, a.id, b.id] },
      cookie,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<ImageDto[]>().map((image) => [image.id, image.position])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);

    const listing = (await t.get(`/api/properties/${property.id}`)).json<PropertyDto>();
    expect(listing.images.map((image) => image.id)).toEqual([c.id, a.id, b.id]);
    const search = await t.get(`/api/properties?q=${encodeURIComponent(property.title)}`);
    const found = search.json<{ items: PropertyDto[] }>().items.find((item) => item.id === property.id);
    expect(found?.images.map((image) => image.id)).toEqual([c.id]);
  });

  it('requires every photo of the listing exactly once', async () => {
    const { cookie, property } = await ownerWithListing();
    const a = await uploadOk(property.id, cookie);
    const b = await uploadOk(property.id, cookie);
    const other = await ownerWithListing();
    const foreign = await uploadOk(other.property.id, other.cookie);
    const message = 'The new order must list every image of the property exactly once';
    for (const imageIds of [[a.id], [a.id, a.id], [a.id, b.id, foreign.id], [a.id, foreign.id], []]) {
      expectError(
        await put(`/api/properties/${property.id}/images/order`, { imageIds }, cookie),
        400,
        message,
      );
    }
    expectError(
      await put(`/api/properties/${property.id}/images/order`, { imageIds: ['x'] }, cookie),
      400,
      IMAGE_NOT_FOUND,
    );
    expect((await imageRows(property.id)).map((row) => row.id)).toEqual([a.id, b.id]);
  });
});

describe('GET /api/images/*', () => {
  it('answers 404 for unknown and malformed keys', async () => {
    for (const url of [
      `/api/images/properties/${randomUUID()}/${randomUUID()}-display.webp`,
      '/api/images/properties/..%2F..%2Fauth-secret',
      '/api/images/..%2Fauth-secret',
      '/api/images/',
    ]) {
      const response = await t.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    }
  });
});

describe('API docs', () => {
  it('documents every photo route', async () => {
    const document = (await t.get('/api/docs/json')).json();
    expect(Object.keys(document.paths['/api/properties/{id}/images'])).toContain('post');
    expect(Object.keys(document.paths['/api/properties/{id}/images/{imageId}'])).toContain('delete');
    expect(Object.keys(document.paths['/api/properties/{id}/images/order'])).toContain('put');
    expect(Object.keys(document.paths['/api/images/{path}'])).toContain('get');
    expect(document.paths['/api/properties/{id}/images'].post.requestBody.content).toHaveProperty(
      'multipart/form-data',
    );
  });
});
