import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Permissions } from '../../domain/permissions.ts';
import type { Role } from '../../domain/roles.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface UserSettings {
  currency: string;
  dateFormat: string;
  timeFormat: string;
  language: string;
}

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  email_verified: Generated<boolean>;
  image: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  role: Role;
  region: Generated<string>;
  culture: Generated<string>;
  settings: ColumnType<UserSettings, UserSettings | undefined, UserSettings>;
  is_active: Generated<boolean>;
  parent_owner_id: string | null;
  permissions: ColumnType<Permissions, Permissions | undefined, Permissions>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  password: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvitationsTable {
  id: Generated<string>;
  token_hash: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  phone: string | null;
  region: Generated<string>;
  culture: Generated<string>;
  owner_id: string;
  permissions: ColumnType<Permissions, Permissions, Permissions>;
  status: Generated<'pending' | 'accepted' | 'revoked'>;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  accepted_at: Date | null;
  invited_user_id: string | null;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: Generated<'pending' | 'sent'>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  last_error: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export interface DevMailboxTable {
  id: Generated<string>;
  outbox_id: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  created_at: Generated<Date>;
}

export interface SignInFailuresTable {
  id: Generated<string>;
  email: string;
  failed_at: Generated<Date>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  invitations: InvitationsTable;
  email_outbox: EmailOutboxTable;
  dev_mailbox: DevMailboxTable;
  sign_in_failures: SignInFailuresTable;
}

export type User = Selectable<UsersTable>;
export type NewInvitation = Insertable<InvitationsTable>;
export type UserUpdate = Updateable<UsersTable>;
