import { describe, expect, it } from 'vitest';
import { canAddClient, matchesClientSearch, removeClientQuestion } from './clients.ts';

const thabo = { first_name: 'Thabo', last_name: 'Mokoena', email: 'thabo.m@example.co.za' };

describe('client search (spec §5): case-insensitive over first name, last name and email', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['thabo', true],
    ['MOKOENA', true],
    ['Thabo Mok', true],
    ['example.co', true],
    ['  thabo  ', true],
    ['lerato', false],
    ['thabo.x', false],
  ])('“%s” → %s', (term, expected) => {
    expect(matchesClientSearch(thabo, term)).toBe(expected);
  });
});

describe('Add New Client is enabled only with a first name, a last name and a valid email', () => {
  it.each([
    [{ first_name: 'Thabo', last_name: 'Mokoena', email: 'thabo@example.co.za' }, true],
    [{ first_name: ' ', last_name: 'Mokoena', email: 'thabo@example.co.za' }, false],
    [{ first_name: 'Thabo', last_name: '', email: 'thabo@example.co.za' }, false],
    [{ first_name: 'Thabo', last_name: 'Mokoena', email: 'thabo@example' }, false],
    [{ first_name: 'Thabo', last_name: 'Mokoena', email: 'thabo example.co.za' }, false],
  ])('%j → %s', (draft, expected) => {
    expect(canAddClient(draft)).toBe(expected);
  });
});

it('asks before removing, naming the client', () => {
  expect(removeClientQuestion(thabo)).toBe('Are you sure you want to remove Thabo Mokoena?');
});
