import type { Permissions } from '../../domain/permissions.ts';
import { signInOwner } from './booking-fixtures.ts';
import type { CreatedUser, TestApp } from './harness.ts';

export interface Person {
  user: CreatedUser;
  cookie: string;
}

export type PersonKey =
  | 'owner'
  | 'otherOwner'
  | 'admin'
  | 'client'
  | 'backoffice'
  | 'frontoffice'
  | 'backofficeWithout'
  | 'frontofficeWithout'
  | 'otherBackoffice';

/** Staff permissions with only the reservations permission switched (on or off). */
export const staffPermissions = (canManageReservations: boolean): Permissions => ({
  canManageProperties: false,
  canManageReservations,
  canManageTenants: false,
  canManageUsers: false,
  canViewReports: false,
});

/**
 * The people an access test needs, each signed in once per test file (signing in costs a password
 * check): "owner" with staff who have (backoffice, frontoffice) and lack (…Without) the reservations
 * permission, another owner with a back-office member, an admin and a client. Owners are on the
 * Business plan.
 */
export function testPeople(t: TestApp): (key: PersonKey) => Promise<Person> {
  const signedIn = new Map<PersonKey, Promise<Person>>();
  const staff = async (role: 'backoffice' | 'frontoffice', parent: PersonKey, permission: boolean) =>
    t.signInAs({
      role,
      parentOwnerId: (await person(parent)).user.id,
      permissions: staffPermissions(permission),
    });
  const makers: Record<PersonKey, () => Promise<Person>> = {
    owner: () => signInOwner(t),
    otherOwner: () => signInOwner(t),
    admin: () => t.signInAs({ role: 'admin' }),
    client: () => t.signInAs({ role: 'client' }),
    backoffice: () => staff('backoffice', 'owner', true),
    frontoffice: () => staff('frontoffice', 'owner', true),
    backofficeWithout: () => staff('backoffice', 'owner', false),
    frontofficeWithout: () => staff('frontoffice', 'owner', false),
    otherBackoffice: () => staff('backoffice', 'otherOwner', true),
  };
  function person(key: PersonKey): Promise<Person> {
    let found = signedIn.get(key);
    if (!found) {
      found = makers[key]();
      signedIn.set(key, found);
    }
    return found;
  }
  return person;
}
