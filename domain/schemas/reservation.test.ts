import { describe, expect, it } from 'vitest';
import {
  ClientCreateSchema,
  ReservationCreateSchema,
  ReservationListQuerySchema,
  ReservationUpdateSchema,
} from './reservation.ts';

const PROPERTY = '8e3c7d3a-1b2c-4d5e-8f90-123456789abc';
const base = { property_id: PROPERTY, start_date: '2030-01-01', end_date: '2030-01-04' };
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('ReservationCreateSchema', () => {
  it('fills the defaults: 1 guest, no tax, discount or override', () => {
    expect(ReservationCreateSchema.parse(base)).toMatchObject({
      guests: 1,
      tax_percent: 0,
      discount_percent: 0,
      rate_override_per_day_cents: null,
      special_requests: null,
    });
  });

  it('drops a status sent by the client (new reservations are always pending)', () => {
    expect(ReservationCreateSchema.parse({ ...base, status: 'confirmed' })).not.toHaveProperty('status');
  });

  it.each([
    ['missing property', { start_date: '2030-01-01', end_date: '2030-01-02' }, 'No property ID provided'],
    ['malformed property', { ...base, property_id: 'abc' }, 'No property ID provided'],
    ['missing start', { property_id: PROPERTY, end_date: '2030-01-02' }, 'Start date is required'],
    [
      'impossible date',
      { ...base, start_date: '2030-02-30' },
      'Start date must be a valid date (YYYY-MM-DD)',
    ],
    ['same day', { ...base, end_date: '2030-01-01' }, 'End date must be after start date'],
    ['end before start', { ...base, end_date: '2029-12-31' }, 'End date must be after start date'],
    ['0 guests', { ...base, guests: 0 }, 'Guests must be at least 1'],
    ['fractional guests', { ...base, guests: 1.5 }, 'Guests must be a whole number'],
    ['foreign client id', { ...base, client_id: 'nope' }, 'Invalid client ID. Please select a valid client.'],
    ['tax above 100', { ...base, tax_percent: 101 }, 'Must be 100 or less'],
  ])('refuses %s', (_label, body, message) => {
    const result = ReservationCreateSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(message);
  });

  it('negative tax, discount and override clamp to 0; percentages keep two decimals', () => {
    expect(
      ReservationCreateSchema.parse({
        ...base,
        tax_percent: -5,
        discount_percent: 12.344,
        rate_override_per_day_cents: -100,
      }),
    ).toMatchObject({ tax_percent: 0, discount_percent: 12.34, rate_override_per_day_cents: 0 });
  });

  it('blank optional texts become null, others are trimmed', () => {
    expect(
      ReservationCreateSchema.parse({ ...base, special_requests: '  ', voucher_number: ' V-1 ' }),
    ).toMatchObject({ special_requests: null, voucher_number: 'V-1' });
  });
});

describe('ReservationUpdateSchema', () => {
  it('a status-only change carries nothing else (no defaults overwrite stored values)', () => {
    expect(ReservationUpdateSchema.parse({ status: 'confirmed' })).toEqual({ status: 'confirmed' });
  });

  it('an empty change is empty', () => {
    expect(ReservationUpdateSchema.parse({})).toEqual({});
  });

  it('refuses an unknown status and dates out of order', () => {
    expect(ReservationUpdateSchema.safeParse({ status: 'declined' }).success).toBe(false);
    expect(
      firstMessage(ReservationUpdateSchema.safeParse({ start_date: '2030-01-05', end_date: '2030-01-05' })),
    ).toBe('End date must be after start date');
  });

  it('keeps explicit values, clamping negatives', () => {
    expect(
      ReservationUpdateSchema.parse({ guests: 3, tax_percent: -1, rate_override_per_day_cents: null }),
    ).toEqual({
      guests: 3,
      tax_percent: 0,
      rate_override_per_day_cents: null,
    });
  });
});

describe('ClientCreateSchema', () => {
  it('trims names and lower-cases the email', () => {
    expect(
      ClientCreateSchema.parse({
        first_name: ' Thandi ',
        last_name: 'Nkosi ',
        email: ' Thandi@Example.CO.ZA ',
      }),
    ).toEqual({ first_name: 'Thandi', last_name: 'Nkosi', email: 'thandi@example.co.za' });
  });

  it.each([
    ['first name', { first_name: ' ', last_name: 'N', email: 'a@b.co' }, 'First name is required'],
    ['last name', { first_name: 'T', last_name: '', email: 'a@b.co' }, 'Last name is required'],
    ['email', { first_name: 'T', last_name: 'N', email: '' }, 'Email is required'],
    [
      'a valid email',
      { first_name: 'T', last_name: 'N', email: 'not-an-email' },
      'Please enter a valid email',
    ],
  ])('requires %s', (_label, body, message) => {
    expect(firstMessage(ClientCreateSchema.safeParse(body))).toBe(message);
  });
});

describe('ReservationListQuerySchema', () => {
  it('accepts the filters and refuses bad ones', () => {
    expect(ReservationListQuerySchema.parse({ status: 'pending', q: ' sea ', from: '2030-01-01' })).toEqual({
      status: 'pending',
      q: 'sea',
      from: '2030-01-01',
    });
    expect(ReservationListQuerySchema.safeParse({ status: 'all' }).success).toBe(false);
    expect(ReservationListQuerySchema.safeParse({ property_id: 'x' }).success).toBe(false);
    expect(ReservationListQuerySchema.safeParse({ to: '2030-13-01' }).success).toBe(false);
  });
});
