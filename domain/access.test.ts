import { describe, expect, it } from 'vitest';
import {
  type Actor,
  businessIdOf,
  canCreateClientsOf,
  canDeleteReservationOf,
  canManageBillingSetupOf,
  canManagePropertiesOf,
  canManageReservationsOf,
  canManageStaffOf,
  canReadBillingSetupOf,
  clientBusinessOf,
} from './access.ts';
import { defaultPermissions, type Permissions } from './permissions.ts';
import type { Role } from './roles.ts';

const OWNER = 'owner-1';
const OTHER_OWNER = 'owner-2';

function actor(
  role: Role,
  id: string,
  parent: string | null = null,
  permissions?: Partial<Permissions>,
): Actor {
  return { id, role, parent_owner_id: parent, permissions: { ...defaultPermissions(role), ...permissions } };
}

const WITHOUT_RESERVATIONS = { canManageReservations: false };
const WITH_RESERVATIONS = { canManageReservations: true };

describe('businessIdOf', () => {
  const rows: Array<[string, string | null, Actor]> = [
    ['owner', OWNER, actor('owner', OWNER)],
    ['owner with a stray parent', OWNER, actor('owner', OWNER, OTHER_OWNER)],
    ['back office', OWNER, actor('backoffice', 'staff-1', OWNER)],
    ['front office', OWNER, actor('frontoffice', 'staff-2', OWNER)],
    [
      'back office without permissions still belongs to the business',
      OWNER,
      actor('backoffice', 's', OWNER, WITHOUT_RESERVATIONS),
    ],
    ['staff without a parent', null, actor('frontoffice', 'staff-3')],
    ['admin', null, actor('admin', 'admin-1')],
    ['client', null, actor('client', 'client-1')],
    ['client with a parent', null, actor('client', 'client-1', OWNER)],
  ];
  it.each(rows.map(([label, business, who]) => ({ label, business, who })))(
    '$label → $business',
    ({ business, who }) => {
      expect(businessIdOf(who)).toBe(business);
    },
  );
});

describe('canManageReservationsOf', () => {
  const rows: Array<[string, Actor, string, boolean]> = [
    ['owner, own business', actor('owner', OWNER), OWNER, true],
    ['owner, another business', actor('owner', OWNER), OTHER_OWNER, false],
    [
      'owner whose parent field names the other business',
      actor('owner', OWNER, OTHER_OWNER),
      OTHER_OWNER,
      false,
    ],
    ['admin, any business', actor('admin', 'admin-1'), OWNER, true],
    ['admin, another business', actor('admin', 'admin-1'), OTHER_OWNER, true],
    ['back office (default permissions), own business', actor('backoffice', 's1', OWNER), OWNER, true],
    [
      'back office with the permission, own business',
      actor('backoffice', 's1', OWNER, WITH_RESERVATIONS),
      OWNER,
      true,
    ],
    [
      'back office without the permission',
      actor('backoffice', 's1', OWNER, WITHOUT_RESERVATIONS),
      OWNER,
      false,
    ],
    ['back office, another business', actor('backoffice', 's1', OWNER), OTHER_OWNER, false],
    ['front office (default permissions), own business', actor('frontoffice', 's2', OWNER), OWNER, true],
    [
      'front office without the permission',
      actor('frontoffice', 's2', OWNER, WITHOUT_RESERVATIONS),
      OWNER,
      false,
    ],
    ['front office, another business', actor('frontoffice', 's2', OWNER), OTHER_OWNER, false],
    ['staff without a parent', actor('frontoffice', 's3', null, WITH_RESERVATIONS), OWNER, false],
    [
      'front office with every other permission but not reservations',
      actor('frontoffice', 's2', OWNER, {
        canManageProperties: true,
        canManageTenants: true,
        canManageUsers: true,
        canViewReports: true,
        canManageReservations: false,
      }),
      OWNER,
      false,
    ],
    ['client', actor('client', 'client-1'), OWNER, false],
    [
      'client with the permission flag set',
      actor('client', 'client-1', OWNER, WITH_RESERVATIONS),
      OWNER,
      false,
    ],
    ['client whose id is the owner id', actor('client', OWNER), OWNER, false],
  ];
  it.each(rows.map(([label, who, ownerId, allowed]) => ({ label, who, ownerId, allowed })))(
    '$label → $allowed',
    ({ who, ownerId, allowed }) => {
      expect(canManageReservationsOf(who, ownerId)).toBe(allowed);
      expect(canReadBillingSetupOf(who, ownerId)).toBe(allowed);
    },
  );
});

describe('managing clients: the owner, an admin, or staff with the tenants permission', () => {
  it.each([
    ['owner, own business', actor('owner', OWNER), OWNER, true],
    ['owner, another business', actor('owner', OWNER), OTHER_OWNER, false],
    ['admin, any business', actor('admin', 'admin-1'), OTHER_OWNER, true],
    ['back office (tenants by default)', actor('backoffice', 's1', OWNER), OWNER, true],
    [
      'back office without the tenants permission',
      actor('backoffice', 's1', OWNER, { canManageTenants: false }),
      OWNER,
      false,
    ],
    ['front office (reservations only by default)', actor('frontoffice', 's2', OWNER), OWNER, false],
    [
      'front office given the tenants permission',
      actor('frontoffice', 's2', OWNER, { canManageTenants: true }),
      OWNER,
      true,
    ],
    ['back office of another business', actor('backoffice', 's3', OTHER_OWNER), OWNER, false],
    ['client', actor('client', 'client-1'), OWNER, false],
  ] as const)('%s → %s', (_label, who, ownerId, allowed) => {
    expect(canCreateClientsOf(who, ownerId)).toBe(allowed);
  });
});

describe('owner-or-admin actions (spec §6): deleting reservations, billing setup', () => {
  const rows: Array<[string, Actor, string, boolean]> = [
    ['owner, own business', actor('owner', OWNER), OWNER, true],
    ['owner, another business', actor('owner', OWNER), OTHER_OWNER, false],
    ['admin, any business', actor('admin', 'admin-1'), OTHER_OWNER, true],
    ['back office with every permission', actor('backoffice', 's1', OWNER), OWNER, false],
    ['front office with the reservations permission', actor('frontoffice', 's2', OWNER), OWNER, false],
    ['client', actor('client', 'client-1'), OWNER, false],
    ['client whose id is the owner id', actor('client', OWNER), OWNER, false],
  ];
  it.each(rows.map(([label, who, ownerId, allowed]) => ({ label, who, ownerId, allowed })))(
    '$label → $allowed',
    ({ who, ownerId, allowed }) => {
      expect(canDeleteReservationOf(who, ownerId)).toBe(allowed);
      expect(canManageBillingSetupOf(who, ownerId)).toBe(allowed);
    },
  );
});

describe('clientBusinessOf', () => {
  const rows: Array<[string, Actor, string | undefined, string | null]> = [
    ['owner, nothing named', actor('owner', OWNER), undefined, OWNER],
    ['owner naming their own business', actor('owner', OWNER), OWNER, OWNER],
    ['owner naming another business', actor('owner', OWNER), OTHER_OWNER, null],
    ['staff, nothing named', actor('frontoffice', 's2', OWNER), undefined, OWNER],
    ['staff naming another business', actor('backoffice', 's1', OWNER), OTHER_OWNER, null],
    ['admin naming a business', actor('admin', 'admin-1'), OTHER_OWNER, OTHER_OWNER],
    ['admin naming none', actor('admin', 'admin-1'), undefined, null],
    ['client', actor('client', 'client-1'), undefined, null],
  ];
  it.each(rows.map(([label, who, requested, business]) => ({ label, who, requested, business })))(
    '$label → $business',
    ({ who, requested, business }) => {
      expect(clientBusinessOf(who, requested)).toBe(business);
    },
  );
});

describe('listings and staff: the owner, or their staff holding the permission', () => {
  it.each([
    ['owner, own business', actor('owner', OWNER), OWNER, true, true],
    ['owner, another business', actor('owner', OWNER), OTHER_OWNER, false, false],
    ['admin (the /users screen, not these)', actor('admin', 'admin-1'), OWNER, false, false],
    ['back office (both by default)', actor('backoffice', 's1', OWNER), OWNER, true, true],
    ['front office (neither by default)', actor('frontoffice', 's2', OWNER), OWNER, false, false],
    [
      'front office given properties only',
      actor('frontoffice', 's2', OWNER, { canManageProperties: true }),
      OWNER,
      true,
      false,
    ],
    ['back office of another business', actor('backoffice', 's3', OTHER_OWNER), OWNER, false, false],
    ['client', actor('client', 'client-1'), OWNER, false, false],
  ] as const)('%s → listings %s, staff %s', (_label, who, ownerId, listings, staff) => {
    expect(canManagePropertiesOf(who, ownerId)).toBe(listings);
    expect(canManageStaffOf(who, ownerId)).toBe(staff);
  });
});
