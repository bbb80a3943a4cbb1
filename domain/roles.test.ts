import { describe, expect, it } from 'vitest';
import { formatRoleLabel, isStaffRole, normalizeRole, ROLES, SIGN_UP_ROLES } from './roles.ts';

describe('roles', () => {
  it('stores the five roles; sign-up offers renting or listing only', () => {
    expect([...ROLES]).toEqual(['owner', 'admin', 'client', 'backoffice', 'frontoffice']);
    expect([...SIGN_UP_ROLES]).toEqual(['client', 'owner']);
  });
});

describe('normalizeRole', () => {
  it.each([
    ['owner', 'owner'],
    ['admin', 'admin'],
    ['client', 'client'],
    ['backoffice', 'backoffice'],
    ['frontoffice', 'frontoffice'],
    ['tenant', 'client'],
    ['back_office', 'backoffice'],
    ['front_office', 'frontoffice'],
    [null, 'client'],
    [undefined, 'client'],
    ['', 'client'],
    ['superuser', 'client'],
    ['Owner', 'client'],
    ['constructor', 'client'],
    ['toString', 'client'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeRole(input)).toBe(expected);
  });
});

describe('isStaffRole', () => {
  it.each([
    ['backoffice', true],
    ['frontoffice', true],
    ['owner', false],
    ['admin', false],
    ['client', false],
  ] as const)('%s → %s', (role, expected) => {
    expect(isStaffRole(role)).toBe(expected);
  });
});

describe('formatRoleLabel', () => {
  it.each([
    ['owner', 'Owner'],
    ['client', 'Client'],
    ['admin', 'Admin'],
    ['backoffice', 'Back office'],
    ['frontoffice', 'Front office'],
    ['back_office', 'Back office'],
    ['front_office', 'Front office'],
    ['tenant', 'Client'],
    ['', ''],
  ])('%j → %j', (role, label) => {
    expect(formatRoleLabel(role)).toBe(label);
  });
});
