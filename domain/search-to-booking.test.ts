import { describe, expect, it } from 'vitest';
import {
  areaOf,
  readStayChoice,
  searchDateWords,
  stayQuery,
  verificationCallbackUrl,
  withReturnUrl,
} from './search-to-booking.ts';

const read = (query: string) => readStayChoice(new URLSearchParams(query));

describe('the dates and guests a search carries to the listing and the booking page', () => {
  it.each([
    [
      'checkIn=2027-01-10&checkOut=2027-01-13&guests=3',
      { checkIn: '2027-01-10', checkOut: '2027-01-13', guests: 3 },
    ],
    ['checkIn=2027-01-10', { checkIn: '2027-01-10', checkOut: null, guests: null }],
    ['checkIn=2027-01-10&checkOut=2027-01-10', { checkIn: '2027-01-10', checkOut: null, guests: null }],
    ['checkIn=2027-01-10&checkOut=2027-01-09', { checkIn: '2027-01-10', checkOut: null, guests: null }],
    ['checkOut=2027-01-13', { checkIn: null, checkOut: null, guests: null }],
    ['checkIn=10/01/2027&checkOut=2027-13-45&guests=2.5', { checkIn: null, checkOut: null, guests: null }],
    ['checkIn=2027-02-31&guests=0', { checkIn: null, checkOut: null, guests: null }],
    ['guests=-1', { checkIn: null, checkOut: null, guests: null }],
    ['checkIn=2027-01-10&checkOut=2027-13-45', { checkIn: '2027-01-10', checkOut: null, guests: null }],
  ])('%s reads as %o', (query, expected) => {
    expect(read(query)).toEqual(expected);
  });

  it('writes the query the next page reads back, leaving out what was not chosen', () => {
    const choice = { checkIn: '2027-01-10', checkOut: '2027-01-13', guests: 4 };
    expect(stayQuery(choice)).toBe('?checkIn=2027-01-10&checkOut=2027-01-13&guests=4');
    expect(read(stayQuery(choice).slice(1))).toEqual(choice);
    expect(stayQuery({ checkIn: null, checkOut: '2027-01-13', guests: 1 })).toBe('');
    expect(stayQuery({ checkIn: '2027-01-10', checkOut: null, guests: 1 })).toBe('?checkIn=2027-01-10');
    expect(stayQuery({})).toBe('');
  });
});

describe('the way back to the booking page through register, the email link and login', () => {
  const booking =
    '/reservation/4b0c8d0e-1f43-4a57-9a35-0f5b0a5b1c11?checkIn=2027-01-10&checkOut=2027-01-13&guests=2';

  it('carries a same-site path, encoded, and adds to a query already there', () => {
    expect(withReturnUrl('/register', booking)).toBe(`/register?returnUrl=${encodeURIComponent(booking)}`);
    expect(withReturnUrl('/register?role=owner', '/property-management')).toBe(
      '/register?role=owner&returnUrl=%2Fproperty-management',
    );
    const login = new URL(verificationCallbackUrl(booking), 'http://x');
    expect(login.pathname).toBe('/login');
    expect(login.searchParams.get('verified')).toBe('1');
    expect(login.searchParams.get('returnUrl')).toBe(booking);
  });

  it.each([
    'https://evil.example/x',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '',
    null,
    undefined,
  ])('never carries %o', (returnUrl) => {
    expect(withReturnUrl('/login', returnUrl)).toBe('/login');
    expect(verificationCallbackUrl(returnUrl)).toBe('/login?verified=1');
  });
});

describe('search date words by what is searched', () => {
  it.each([
    ['accommodation', 'Check-in', 'Check-out'],
    ['vehicle', 'Check-in', 'Check-out'],
    ['storage_space', 'Move-in', 'Move-out'],
    ['event_space', 'Event date', null],
  ] as const)('%s: %s / %s', (type, start, end) => {
    expect(searchDateWords(type)).toEqual({ start, end });
  });
});

describe('the area of a listing, without its street address', () => {
  it.each([
    ['12 Long Street, Sea Point, Cape Town', 'Cape Town', 'Sea Point, Cape Town'],
    ['Unit 4, 7 Kloof Nek Road, Tamboerskloof', 'Cape Town', 'Tamboerskloof'],
    ['Sea Point, Cape Town', 'Cape Town', 'Sea Point, Cape Town'],
    ['221 Main Road', 'Knysna', 'Knysna'],
    ['', 'Durban', 'Durban'],
  ])('%s in %s reads %s', (location, city, area) => {
    expect(areaOf(location, city)).toBe(area);
  });
});
