import type { Kysely } from 'kysely';
import type { ProfileUpdate } from '../../../domain/schemas/user.ts';
import type { Database, User } from '../../db/types.ts';
import { updateUser } from './user.repository.ts';

export function updateProfile(db: Kysely<Database>, user: User, changes: ProfileUpdate): Promise<User> {
  return updateUser(db, user.id, {
    first_name: changes.first_name,
    last_name: changes.last_name,
    name: `${changes.first_name} ${changes.last_name}`,
    phone: changes.phone,
  });
}
