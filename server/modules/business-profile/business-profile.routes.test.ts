import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLUG_MESSAGES } from '../../../domain/business-profile.ts';
import {
  BUSINESS_PROFILE_MESSAGES,
  type BusinessProfile,
  type ListingBrand,
  type PublicBusinessProfile,
} from '../../../domain/schemas/business-profile.ts';
import { jpegWithGps, multipartBody, readGpsLatitudeRef } from '../../platform/images/test-images.ts';
import { insertProperty, setPlan } from '../../test/booking-fixtures.ts';
import { ownerWithDetails } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { endAddOn, giveAddOn } from '../../test/profile-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/business/profile';
const put = (body: unknown, cookie?: string) => t.request('PUT', URL, { body, cookie });
let serial = 0;
const uniqueSlug = (stem = 'karoo') => `${stem}-${Date.now().toString(36)}-${++serial}`;
const profileBody = (overrides: Record<string, unknown> = {}) => ({
  slug: uniqueSlug(),
  description: 'Self-catering cottages in the Karoo.',
  show_email: true,
  show_phone: false,
  published: true,
  ...overrides,
});

function uploadCover(file: Buffer, cookie?: string) {
  const { body, contentType } = multipartBody([
    { name: 'file', data: file, filename: 'cover.jpg', contentType: 'image/jpeg' },
  ]);
  return t.request('POST', `${URL}/cover`, {
    body,
    headers: { 'content-type': contentType },
    ...(cookie ? { cookie } : {}),
  });
}

/** An owner (Business plan unless told) with details saved and the Branded profile add-on in use. */
async function ownerWithAddOn(plan: 'starter' | 'pro' | 'business' = 'business') {
  const owner = await ownerWithDetails(t);
  await setPlan(t.db, owner.user.id, plan);
  await giveAddOn(t.db, owner.user.id);
  return owner;
}

describe('GET /api/business/profile', () => {
  it('suggests a slug from the trading name while never saved, and says the add-on is missing', async () => {
    const owner = await ownerWithDetails(t, { trading_name: 'Karoo Stays & Co' });
    const response = await t.get(URL, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<BusinessProfile>()).toMatchObject({
      owner_id: owner.user.id,
      business_name: 'Karoo Stays & Co',
      slug: 'karoo-stays-and-co',
      published: false,
      add_on: false,
      live: false,
      details_saved: true,
      updated_at: null,
    });
  });

  it('staff with canManageProperties read their owner’s; staff without it, clients and admins are refused', async () => {
    const owner = await ownerWithAddOn();
    const manager = await t.signInAs({ role: 'backoffice', parentOwnerId: owner.user.id });
    const read = await t.get(URL, { cookie: manager.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json<BusinessProfile>().owner_id).toBe(owner.user.id);
    const desk = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id });
    const client = await t.signInAs({ role: 'client' });
    const admin = await t.signInAs({ role: 'admin' });
    for (const cookie of [desk.cookie, client.cookie, admin.cookie]) {
      const response = await t.get(URL, { cookie });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(BUSINESS_PROFILE_MESSAGES.notAllowed);
    }
    expect((await t.get(URL)).statusCode).toBe(401);
  });
});

describe('PUT /api/business/profile', () => {
  it('without the Branded profile add-on publishing is refused with a clear 403 and nothing is saved', async () => {
    const owner = await ownerWithDetails(t);
    const response = await put(profileBody(), owner.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(BUSINESS_PROFILE_MESSAGES.needsAddOn);
    expect(
      await t.db.selectFrom('business_profiles').selectAll().where('owner_id', '=', owner.user.id).execute(),
    ).toHaveLength(0);
  });

  it('needs the business details saved first (409)', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    await giveAddOn(t.db, owner.user.id);
    const response = await put(profileBody(), owner.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BUSINESS_PROFILE_MESSAGES.saveDetailsFirst);
  });

  it('the owner with the add-on saves it; the slug is lower-cased and the page goes live', async () => {
    const owner = await ownerWithAddOn();
    const slug = uniqueSlug('sea-view');
    const response = await put(profileBody({ slug: `  ${slug.toUpperCase()} ` }), owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json<BusinessProfile>()).toMatchObject({
      slug,
      published: true,
      add_on: true,
      live: true,
      show_phone: false,
    });
    expect(response.json<BusinessProfile>().updated_at).not.toBeNull();
  });

  it('staff with canManageProperties edit their owner’s page; staff without it are refused', async () => {
    const owner = await ownerWithAddOn();
    const manager = await t.signInAs({ role: 'backoffice', parentOwnerId: owner.user.id });
    const saved = await put(profileBody({ description: 'Edited by staff' }), manager.cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<BusinessProfile>()).toMatchObject({
      owner_id: owner.user.id,
      description: 'Edited by staff',
    });
    const desk = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id });
    expect((await put(profileBody(), desk.cookie)).statusCode).toBe(403);
    const client = await t.signInAs({ role: 'client' });
    expect((await put(profileBody(), client.cookie)).statusCode).toBe(403);
    expect((await put(profileBody())).statusCode).toBe(401);
  });

  it('a slug another business uses, in any case, is refused with 409; the owner may keep their own', async () => {
    const first = await ownerWithAddOn();
    const slug = uniqueSlug('taken');
    expect((await put(profileBody({ slug }), first.cookie)).statusCode).toBe(200);
    const second = await ownerWithAddOn();
    const clash = await put(profileBody({ slug: slug.toUpperCase() }), second.cookie);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(SLUG_MESSAGES.taken);
    // The database refuses it too (unique on lower(slug)), whatever a caller does.
    await expect(
      t.db
        .insertInto('business_profiles')
        .values({ owner_id: second.user.id, slug, updated_at: new Date() })
        .execute(),
    ).rejects.toThrow();
    expect((await put(profileBody({ slug, description: 'again' }), first.cookie)).statusCode).toBe(200);
  });

  it('refuses reserved, malformed and wrong-length slugs with 400 and saves nothing', async () => {
    const owner = await ownerWithAddOn();
    for (const [slug, message] of [
      ['admin', SLUG_MESSAGES.reserved],
      ['ab', SLUG_MESSAGES.length],
      ['sea view', SLUG_MESSAGES.characters],
      ['-sea', SLUG_MESSAGES.characters],
      ['a'.repeat(41), SLUG_MESSAGES.length],
    ] as const) {
      const response = await put(profileBody({ slug }), owner.cookie);
      expect(response.statusCode, slug).toBe(400);
      expect(response.json().message, slug).toContain(message);
    }
    expect(
      await t.db.selectFrom('business_profiles').selectAll().where('owner_id', '=', owner.user.id).execute(),
    ).toHaveLength(0);
  });
});

describe('POST /api/business/profile/cover', () => {
  it('goes through the listing photo pipeline: re-encoded to WebP without GPS, stored and served', async () => {
    const owner = await ownerWithAddOn();
    expect((await put(profileBody(), owner.cookie)).statusCode).toBe(200);
    const response = await uploadCover(await jpegWithGps(1200, 500), owner.cookie);
    expect(response.statusCode).toBe(200);
    const { cover_url } = response.json<BusinessProfile>();
    expect(cover_url).toMatch(new RegExp(`^/api/images/business/${owner.user.id}/cover-.+\\.webp$`));
    const image = await t.get(cover_url as string);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(readGpsLatitudeRef(meta.exif)).toBeNull();

    const replaced = await uploadCover(await jpegWithGps(800, 400), owner.cookie);
    expect(replaced.json<BusinessProfile>().cover_url).not.toBe(cover_url);
    expect((await t.get(cover_url as string)).statusCode).toBe(404);
    const removed = await t.request('DELETE', `${URL}/cover`, { cookie: owner.cookie });
    expect(removed.json<BusinessProfile>().cover_url).toBeNull();
  });

  it('is refused without the add-on, for staff without the permission, and before the profile is saved', async () => {
    const without = await ownerWithDetails(t);
    expect((await uploadCover(await jpegWithGps(), without.cookie)).statusCode).toBe(403);
    const owner = await ownerWithAddOn();
    const early = await uploadCover(await jpegWithGps(), owner.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BUSINESS_PROFILE_MESSAGES.saveProfileFirst);
    const desk = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id });
    expect((await uploadCover(await jpegWithGps(), desk.cookie)).statusCode).toBe(403);
    const unsupported = await put(profileBody(), owner.cookie);
    expect(unsupported.statusCode).toBe(200);
    const text = multipartBody([
      { name: 'file', data: Buffer.from('not an image'), filename: 'x.jpg', contentType: 'image/jpeg' },
    ]);
    const bad = await t.request('POST', `${URL}/cover`, {
      body: text.body,
      headers: { 'content-type': text.contentType },
      cookie: owner.cookie,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/public-profiles/:slug', () => {
  it('shows the page with the business’s bookable listings only, its chosen contacts and branding by plan', async () => {
    const owner = await ownerWithAddOn('starter');
    const slug = uniqueSlug('cards');
    await put(profileBody({ slug, show_email: true, show_phone: false }), owner.cookie);
    const listed = await insertProperty(t.db, owner.user.id, { title: 'Listed cottage' });
    await insertProperty(t.db, owner.user.id, { title: 'Hidden cottage', is_active: false });
    await insertProperty(t.db, owner.user.id, { title: 'Archived cottage', archived_at: new Date() });
    await insertProperty(t.db, owner.user.id, { title: 'Under maintenance', status: 'maintenance' });
    const other = await ownerWithAddOn();
    await insertProperty(t.db, other.user.id, { title: 'Someone else’s' });

    const response = await t.get(`/api/public-profiles/${slug.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    const page = response.json<PublicBusinessProfile>();
    expect(page).toMatchObject({
      slug,
      name: owner.details.trading_name,
      email: owner.details.email,
      phone: null,
      powered_by_rentza: true,
    });
    expect(page.listings.map((listing) => listing.id)).toEqual([listed.id]);

    await setPlan(t.db, owner.user.id, 'pro');
    expect(
      (await t.get(`/api/public-profiles/${slug}`)).json<PublicBusinessProfile>().powered_by_rentza,
    ).toBe(true);
    await setPlan(t.db, owner.user.id, 'business');
    expect(
      (await t.get(`/api/public-profiles/${slug}`)).json<PublicBusinessProfile>().powered_by_rentza,
    ).toBe(false);
  });

  it('answers 404 for an unknown address, an unpublished page and once the add-on has ended', async () => {
    expect((await t.get('/api/public-profiles/no-such-business')).statusCode).toBe(404);
    const owner = await ownerWithAddOn();
    const slug = uniqueSlug('draft');
    await put(profileBody({ slug, published: false }), owner.cookie);
    expect((await t.get(`/api/public-profiles/${slug}`)).statusCode).toBe(404);
    await put(profileBody({ slug, published: true }), owner.cookie);
    expect((await t.get(`/api/public-profiles/${slug}`)).statusCode).toBe(200);
    await endAddOn(t.db, owner.user.id);
    const gone = await t.get(`/api/public-profiles/${slug}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(BUSINESS_PROFILE_MESSAGES.notFound);
    const profile = await t.get(URL, { cookie: owner.cookie });
    expect(profile.json<BusinessProfile>()).toMatchObject({ published: true, add_on: false, live: false });
  });

  it('an old slug is released when the owner changes it (no redirect)', async () => {
    const owner = await ownerWithAddOn();
    const before = uniqueSlug('before');
    const after = uniqueSlug('after');
    await put(profileBody({ slug: before }), owner.cookie);
    await put(profileBody({ slug: after }), owner.cookie);
    expect((await t.get(`/api/public-profiles/${before}`)).statusCode).toBe(404);
    expect((await t.get(`/api/public-profiles/${after}`)).statusCode).toBe(200);
    const other = await ownerWithAddOn();
    expect((await put(profileBody({ slug: before }), other.cookie)).statusCode).toBe(200);
  });
});

describe('GET /api/properties/:id/brand', () => {
  it('links a listing to its business’s live page and says whether it carries Powered by Rentza', async () => {
    const owner = await ownerWithAddOn('pro');
    const slug = uniqueSlug('brand');
    await put(profileBody({ slug }), owner.cookie);
    const property = await insertProperty(t.db, owner.user.id);
    const brand = await t.get(`/api/properties/${property.id}/brand`);
    expect(brand.statusCode).toBe(200);
    expect(brand.json<ListingBrand>()).toEqual({
      business: { name: owner.details.trading_name, slug },
      powered_by_rentza: true,
    });

    const plain = await ownerWithDetails(t);
    const unbranded = await insertProperty(t.db, plain.user.id);
    expect((await t.get(`/api/properties/${unbranded.id}/brand`)).json<ListingBrand>()).toEqual({
      business: null,
      powered_by_rentza: false,
    });
    const hidden = await insertProperty(t.db, owner.user.id, { is_active: false });
    expect((await t.get(`/api/properties/${hidden.id}/brand`)).statusCode).toBe(404);
  });
});
