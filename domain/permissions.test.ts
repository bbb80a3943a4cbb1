import { describe, expect, it } from 'vitest';
import { businessOwnerId, defaultPermissions, PERMISSION_KEYS } from './permissions.ts';
import { ROLES } from './roles.ts';

describe('PERMISSION_KEYS', () => {
  it('are the five staff permissions', () => {
    expect([...PERMISSION_KEYS]).toEqual([
      'canManageProperties',
      'canManageReservations',
      'canManageTenants',
      'canManageUsers',
      'canViewReports',
    ]);
  });
});

describe('defaultPermissions', () => {
  it('back office: all five', () => {
    expect(defaultPermissions('backoffice')).toEqual({
      canManageProperties: true,
      canManageReservations: true,
      canManageTenants: true,
      canManageUsers: true,
      canViewReports: true,
    });
  });

  it('front office: reservations only', () => {
    expect(defaultPermissions('frontoffice')).toEqual({
      canManageProperties: false,
      canManageReservations: true,
      canManageTenants: false,
      canManageUsers: false,
      canViewReports: false,
    });
  });

  it.each(['owner', 'admin', 'client'] as const)('%s: none (they are not staff)', (role) => {
    expect(Object.values(defaultPermissions(role)).every((granted) => granted === false)).toBe(true);
  });

  it.each(ROLES)('%s: every key, and a fresh object each time', (role) => {
    const first = defaultPermissions(role);
    expect(Object.keys(first).sort()).toEqual([...PERMISSION_KEYS].sort());
    first.canManageUsers = !first.canManageUsers;
    expect(defaultPermissions(role)).not.toEqual(first);
  });
});

describe('businessOwnerId', () => {
  it.each([
    ['owner', 'owner-1', null, 'owner-1'],
    ['owner', 'owner-1', 'someone-else', 'owner-1'],
    ['backoffice', 'staff-1', 'owner-1', 'owner-1'],
    ['frontoffice', 'staff-2', 'owner-1', 'owner-1'],
    ['frontoffice', 'staff-3', null, null],
    ['client', 'client-1', null, null],
    ['client', 'client-1', 'owner-1', null],
    ['admin', 'admin-1', null, null],
  ] as const)('%s %s with parent %s acts for %s', (role, id, parentOwnerId, expected) => {
    expect(businessOwnerId({ id, role, parentOwnerId })).toBe(expected);
  });
});
