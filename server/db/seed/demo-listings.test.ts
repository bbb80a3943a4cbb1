import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES_BY_TYPE, CITIES, PROPERTY_TYPES } from '../../../domain/property.ts';
import { PropertyInputSchema } from '../../../domain/schemas/property.ts';
import type { Property as PropertyDto } from '../../../domain/schemas/property-view.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { DEMO_ACCOUNTS } from './demo-accounts.ts';
import { DEMO_LISTING_COUNT, planDemoListings } from './demo-listings.ts';

const owners = { owner: 'owner-id', secondOwner: 'second-owner-id' };

describe('the demo listing plan', () => {
  const plan = planDemoListings(owners, new Date('2026-03-01T08:00:00Z'));

  it('has at least 40 valid listings covering every type, category and city', () => {
    expect(plan.length).toBe(DEMO_LISTING_COUNT);
    expect(plan.length).toBeGreaterThanOrEqual(40);
    for (const { input } of plan) expect(PropertyInputSchema.safeParse(input).success).toBe(true);
    expect(new Set(plan.map((l) => l.input.type))).toEqual(new Set(PROPERTY_TYPES));
    expect(new Set(plan.map((l) => l.input.city))).toEqual(new Set(CITIES));
    const categories = new Set(plan.map((l) => `${l.input.type}/${l.input.category}`));
    for (const [type, list] of Object.entries(CATEGORIES_BY_TYPE)) {
      for (const category of list) expect(categories).toContain(`${type}/${category}`);
    }
  });

  it('gives Pieter (Pro) at most 10 listings and the rest to Thandi (Business)', () => {
    const pieter = plan.filter((l) => l.ownerId === owners.secondOwner).length;
    expect(pieter).toBeGreaterThan(0);
    expect(pieter).toBeLessThanOrEqual(10);
    expect(plan.filter((l) => l.ownerId === owners.owner).length).toBe(plan.length - pieter);
  });

  it('prices in whole rand, with some cleaning fees, deposits and amenities', () => {
    for (const { input } of plan) {
      expect(input.price_per_day_cents).toBeGreaterThan(0);
      expect(input.price_per_day_cents % 100).toBe(0);
    }
    expect(plan.filter((l) => l.input.cleaning_fee_cents > 0).length).toBeGreaterThan(5);
    expect(plan.filter((l) => l.input.security_deposit_cents > 0).length).toBeGreaterThan(5);
    expect(plan.filter((l) => l.input.amenities.length > 0).length).toBeGreaterThan(10);
    expect(plan.every((l) => l.photos >= 1 && l.photos <= 3)).toBe(true);
  });

  it('is the same on every run', () => {
    const again = planDemoListings(owners, new Date('2026-03-01T08:00:00Z'));
    expect(again.map((l) => [l.input.title, l.input.price_per_day_cents, l.photos])).toEqual(
      plan.map((l) => [l.input.title, l.input.price_per_day_cents, l.photos]),
    );
  });
});

describe('seeding an empty database', () => {
  let t: TestApp;
  let seconds = 0;
  beforeAll(async () => {
    const started = Date.now();
    t = await createTestApp({ env: { DEMO_DATA: 'true' } });
    seconds = (Date.now() - started) / 1000;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates the listings, their photos and the owners’ plans', async () => {
    console.info(`createTestApp with demo data: ${seconds.toFixed(1)} s (${t.databaseKind})`);
    const properties = await t.db.selectFrom('properties').select(['id', 'owner_id']).execute();
    expect(properties.length).toBe(DEMO_LISTING_COUNT);
    const plans = await t.db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.owner_id')
      .select(['users.email', 'subscriptions.plan_id'])
      .execute();
    expect(Object.fromEntries(plans.map((row) => [row.email, row.plan_id]))).toEqual({
      'thandi@rentza.test': 'business',
      'pieter@rentza.test': 'pro',
    });

    const images = await t.db
      .selectFrom('property_images')
      .selectAll()
      .orderBy('property_id')
      .orderBy('position')
      .execute();
    const perProperty = new Map<string, number[]>();
    for (const image of images)
      perProperty.set(image.property_id, [...(perProperty.get(image.property_id) ?? []), image.position]);
    expect(perProperty.size).toBe(DEMO_LISTING_COUNT);
    for (const positions of perProperty.values()) expect([[0], [0, 1], [0, 1, 2]]).toContainEqual(positions);
    // Each photo has its own files, even where the picture is shared.
    expect(new Set(images.map((image) => image.display_key)).size).toBe(images.length);
  });

  it('gives Thandi a December peak rate on her accommodation and both owners their billing catalogues', async () => {
    const rates = await t.db
      .selectFrom('property_rates')
      .innerJoin('properties', 'properties.id', 'property_rates.property_id')
      .innerJoin('users', 'users.id', 'property_rates.owner_id')
      .select([
        'users.email',
        'properties.type',
        'start_date',
        'end_date',
        'rate_cents',
        'price_per_day_cents',
      ])
      .execute();
    expect(rates.length).toBeGreaterThan(0);
    for (const rate of rates) {
      expect(rate).toMatchObject({ email: 'thandi@rentza.test', type: 'accommodation' });
      expect(rate.start_date).toMatch(/^\d{4}-12-01$/);
      expect(rate.rate_cents).toBeGreaterThan(rate.price_per_day_cents);
    }
    const stock = await t.db
      .selectFrom('stock_items')
      .innerJoin('users', 'users.id', 'stock_items.owner_id')
      .select(['users.email', 'stock_items.name', 'stock_items.tax_percent'])
      .orderBy('users.email')
      .orderBy('stock_items.name')
      .execute();
    expect(stock.map((item) => [item.email, item.name, Number(item.tax_percent)])).toEqual([
      ['pieter@rentza.test', 'Extra linen', 0],
      ['thandi@rentza.test', 'Extra linen', 15],
      ['thandi@rentza.test', 'Gas bottle', 15],
    ]);
    const types = await t.db
      .selectFrom('extra_charge_types')
      .innerJoin('users', 'users.id', 'extra_charge_types.owner_id')
      .select(['users.email', 'extra_charge_types.name'])
      .where('users.email', '=', 'thandi@rentza.test')
      .orderBy('extra_charge_types.name')
      .execute();
    expect(types.map((type) => type.name)).toEqual(['Damage', 'Late checkout']);
  });

  it('bills Thandi’s confirmed and completed bookings line by line and invoices the completed one', async () => {
    const businesses = await t.db
      .selectFrom('business_details')
      .innerJoin('users', 'users.id', 'business_details.owner_id')
      .select(['users.email', 'business_details.vat_registered', 'business_details.vat_number'])
      .orderBy('users.email')
      .execute();
    expect(businesses).toEqual([
      { email: 'pieter@rentza.test', vat_registered: false, vat_number: null },
      { email: 'thandi@rentza.test', vat_registered: true, vat_number: '4123456789' },
    ]);
    const billed = await t.db
      .selectFrom('reservations')
      .select(['id', 'status', 'total_price_cents'])
      .where('id', 'in', t.db.selectFrom('reservation_transactions').select('reservation_id'))
      // In the seed's order: the earliest completed stay is invoiced first (the stored ledger sums
      // update each billed row, so PostgreSQL's physical order is no order).
      .orderBy('start_date')
      .execute();
    expect(billed.length).toBeGreaterThan(0);
    for (const reservation of billed) {
      const lines = await t.db
        .selectFrom('reservation_transactions')
        .select(['kind', 'total_cents'])
        .where('reservation_id', '=', reservation.id)
        .where('voided_at', 'is', null)
        .execute();
      const kinds = new Set(lines.map((line) => line.kind));
      for (const kind of ['rental', 'stock', 'payment', 'deposit_received'] as const)
        expect(kinds).toContain(kind);
      const charges = lines
        .filter((line) => ['rental', 'stock', 'ad_hoc', 'deposit_kept'].includes(line.kind))
        .reduce((sum, line) => sum + line.total_cents, 0);
      expect(reservation.total_price_cents).toBe(charges);
    }
    const completed = billed.find((reservation) => reservation.status === 'completed');
    expect(completed, 'a completed, invoiced stay').toBeDefined();
    const invoice = await t.db
      .selectFrom('documents')
      .select(['kind', 'series', 'number'])
      .where('reservation_id', '=', completed?.id as string)
      .executeTakeFirst();
    expect(invoice).toMatchObject({ kind: 'invoice', series: 'INV', number: 1 });
  });

  it('gives Thandi clients (registered and not), her two staff and one pending invitation', async () => {
    const thandi = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'thandi@rentza.test')
      .executeTakeFirstOrThrow();
    const clients = await t.db
      .selectFrom('clients')
      .select('user_id')
      .where('owner_id', '=', thandi.id)
      .execute();
    expect(clients.some((client) => client.user_id !== null)).toBe(true);
    expect(clients.some((client) => client.user_id === null)).toBe(true);
    const staff = await t.db
      .selectFrom('users')
      .select('email')
      .where('parent_owner_id', '=', thandi.id)
      .orderBy('email')
      .execute();
    expect(staff.map((member) => member.email)).toEqual(['anele@rentza.test', 'sipho@rentza.test']);
    const invitations = await t.db
      .selectFrom('invitations')
      .select(['email', 'status'])
      .where('owner_id', '=', thandi.id)
      .execute();
    expect(invitations).toEqual([{ email: 'bongani@rentza.test', status: 'pending' }]);
  });

  it('serves the photos of the listings shown on the home page', async () => {
    const search = await t.get('/api/properties?pageSize=12');
    expect(search.statusCode).toBe(200);
    const { items, total } = search.json<{ items: PropertyDto[]; total: number }>();
    expect(total).toBeGreaterThanOrEqual(40);
    for (const item of items.slice(0, 4)) {
      const cover = item.images[0];
      if (!cover) throw new Error(`no cover for ${item.title}`);
      const response = await t.get(cover.thumbnail_url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(await sharp(response.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: 400,
        height: 300,
      });
    }
  });

  it('leaves Pieter at his Pro limit, so a further listing is refused', async () => {
    const pieter = DEMO_ACCOUNTS.find((account) => account.key === 'secondOwner');
    if (!pieter) throw new Error('no second owner');
    const cookie = await t.signIn(pieter.email, pieter.password);
    const mine = await t.get('/api/my/properties', { cookie });
    expect(mine.json<PropertyDto[]>().length).toBe(10);
    const response = await t.post('/api/properties', { ...planDemoListings(owners)[0]?.input }, { cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe("You've reached your limit of 10 listings. Upgrade to add more.");
  });

  it('gives Thandi a verified PayFast account (the public sandbox merchant); Pieter has none', async () => {
    const accountOf = async (key: 'owner' | 'secondOwner') => {
      const account = DEMO_ACCOUNTS.find((candidate) => candidate.key === key);
      if (!account) throw new Error(`no ${key}`);
      const cookie = await t.signIn(account.email, account.password);
      return t.get('/api/business/payment-account', { cookie });
    };
    const thandi = await accountOf('owner');
    expect(thandi.json()).toMatchObject({ method: 'payfast', merchantId: '10000100', mode: 'simulator' });
    expect(thandi.json().verifiedAt).toEqual(expect.any(String));
    expect(thandi.body).not.toContain('jt7NOE43FZPn');
    expect((await accountOf('secondOwner')).json()).toMatchObject({ method: null, verifiedAt: null });
  });
});
