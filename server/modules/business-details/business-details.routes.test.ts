import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessDetails } from '../../../domain/schemas/business-details.ts';
import { jpegWithGps, multipartBody, readGpsLatitudeRef } from '../../platform/images/test-images.ts';
import { businessDetailsBody, ownerWithDetails, VAT_NUMBER } from '../../test/document-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const URL = '/api/business/details';
const put = (body: unknown, cookie?: string) => t.request('PUT', URL, { body, cookie });

function uploadLogo(file: Buffer, cookie?: string) {
  const { body, contentType } = multipartBody([
    { name: 'file', data: file, filename: 'logo.jpg', contentType: 'image/jpeg' },
  ]);
  return t.request('POST', `${URL}/logo`, {
    body,
    headers: { 'content-type': contentType },
    ...(cookie ? { cookie } : {}),
  });
}

describe('GET /api/business/details', () => {
  it('an owner who never saved them gets suggestions from their account, updated_at null', async () => {
    const owner = await t.signInAs({
      role: 'owner',
      first_name: 'Thandi',
      last_name: 'Nkosi',
      phone: '082 555 0101',
    });
    const response = await t.get(URL, { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json<BusinessDetails>()).toMatchObject({
      owner_id: owner.user.id,
      trading_name: 'Thandi Nkosi',
      address: '',
      email: owner.user.email,
      phone: '082 555 0101',
      vat_registered: false,
      logo_url: null,
      updated_at: null,
    });
  });

  it('staff read their owner’s; an admin reads any owner’s by owner_id; a client is refused', async () => {
    const owner = await ownerWithDetails(t);
    const staff = await t.signInAs({ role: 'frontoffice', parentOwnerId: owner.user.id });
    expect((await t.get(URL, { cookie: staff.cookie })).json<BusinessDetails>()).toMatchObject({
      owner_id: owner.user.id,
      trading_name: owner.details.trading_name,
      vat_number: VAT_NUMBER,
    });
    const admin = await t.signInAs({ role: 'admin' });
    const read = await t.get(`${URL}?owner_id=${owner.user.id}`, { cookie: admin.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.json<BusinessDetails>().trading_name).toBe(owner.details.trading_name);
    const unnamed = await t.get(URL, { cookie: admin.cookie });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().message).toBe('Please choose a business');
    const client = await t.signInAs({ role: 'client' });
    expect((await t.get(URL, { cookie: client.cookie })).statusCode).toBe(403);
    expect((await t.get(`${URL}?owner_id=${owner.user.id}`, { cookie: client.cookie })).statusCode).toBe(403);
    expect((await t.get(URL)).statusCode).toBe(401);
  });

  it('an owner or staff member may not read another business’s details', async () => {
    const owner = await ownerWithDetails(t);
    const other = await t.signInAs({ role: 'owner' });
    const staff = await t.signInAs({ role: 'backoffice' });
    for (const cookie of [other.cookie, staff.cookie]) {
      const response = await t.get(`${URL}?owner_id=${owner.user.id}`, { cookie });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe('PUT /api/business/details', () => {
  it('saves the owner’s details, normalised, and reads them back', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    const response = await put(
      businessDetailsBody({
        trading_name: '  Karoo Stays  ',
        vat_number: '4123 456 789',
        bank_branch_code: '250 655',
      }),
      owner.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json<BusinessDetails>();
    expect(saved).toMatchObject({
      trading_name: 'Karoo Stays',
      vat_number: VAT_NUMBER,
      bank_branch_code: '250655',
    });
    expect(saved.updated_at).not.toBeNull();
    expect((await t.get(URL, { cookie: owner.cookie })).json()).toEqual(saved);
  });

  it.each([
    [{ vat_number: '5123456789' }, 'vat_number', 'VAT number must be 10 digits starting with 4'],
    [{ vat_number: '' }, 'vat_number', 'VAT number must be 10 digits starting with 4'],
    [{ trading_name: '' }, 'trading_name', 'Trading name is required'],
    [{ address: ' ' }, 'address', 'Address is required'],
    [{ email: 'accounts@' }, 'email', 'Please enter a valid email'],
  ])('refuses %j with 400: %s %s', async (fields, field, message) => {
    const owner = await t.signInAs({ role: 'owner' });
    const response = await put(businessDetailsBody(fields), owner.cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fieldErrors: { [field]: message } });
  });

  it.each(['admin', 'backoffice', 'frontoffice', 'client'] as const)(
    '%s may not change business details (403)',
    async (role) => {
      const user = await t.signInAs({ role });
      const response = await put(businessDetailsBody(), user.cookie);
      expect(response.statusCode).toBe(403);
      expect(
        await t.db
          .selectFrom('business_details')
          .select('owner_id')
          .where('owner_id', '=', user.user.id)
          .execute(),
      ).toEqual([]);
    },
  );

  it('an anonymous caller is refused with 401', async () => {
    expect((await put(businessDetailsBody())).statusCode).toBe(401);
  });
});

describe('the logo', () => {
  it('is re-encoded as PNG without metadata, stored, served and removable', async () => {
    const owner = await ownerWithDetails(t);
    const response = await uploadLogo(await jpegWithGps(1200, 600), owner.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { logo_url } = response.json<BusinessDetails>();
    expect(logo_url).toMatch(new RegExp(`^/api/images/business/${owner.user.id}/logo-[0-9a-f-]+\\.png$`));
    const image = await t.get(logo_url ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'png', width: 640, height: 320 });
    expect(readGpsLatitudeRef(metadata.exif)).toBeNull();

    const removed = await t.request('DELETE', `${URL}/logo`, { cookie: owner.cookie });
    expect(removed.json<BusinessDetails>().logo_url).toBeNull();
    // The old file stays: documents issued with it may be drawn again from their snapshot.
    expect((await t.get(logo_url ?? '')).statusCode).toBe(200);
  });

  it('needs the details saved first, and is the owner’s alone', async () => {
    const owner = await t.signInAs({ role: 'owner' });
    const early = await uploadLogo(await jpegWithGps(300, 300), owner.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Please save your business details before adding a logo');
    const withDetails = await ownerWithDetails(t);
    const staff = await t.signInAs({ role: 'backoffice', parentOwnerId: withDetails.user.id });
    expect((await uploadLogo(await jpegWithGps(300, 300), staff.cookie)).statusCode).toBe(403);
    expect((await uploadLogo(Buffer.from('not an image'), withDetails.cookie)).statusCode).toBe(400);
  });
});
