import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Permissions } from '../../domain/permissions.ts';
import type { PlanId, SubscriptionStatus } from '../../domain/plans.ts';
import type { PropertyStatus, PropertyType } from '../../domain/property.ts';
import type { Role } from '../../domain/roles.ts';
import type { Specifications } from '../../domain/schemas/property.ts';

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

export interface SubscriptionsTable {
  id: Generated<string>;
  owner_id: string;
  plan_id: Generated<PlanId>;
  status: Generated<SubscriptionStatus>;
  current_period_start: Generated<Date>;
  current_period_end: Generated<Date>;
  cancel_at_period_end: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface ClientsTable {
  id: Generated<string>;
  owner_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  region: string | null;
  is_active: Generated<boolean>;
  user_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PropertiesTable {
  id: Generated<string>;
  owner_id: string;
  type: PropertyType;
  category: string;
  title: string;
  description: string;
  city: string;
  location: string;
  price_per_day_cents: number;
  currency: Generated<string>;
  amenities: ColumnType<string[], string[] | undefined, string[]>;
  availability_start: string | null;
  availability_end: string | null;
  is_active: Generated<boolean>;
  status: Generated<PropertyStatus>;
  cleaning_fee_cents: Generated<number>;
  security_deposit_cents: Generated<number>;
  specifications: ColumnType<Specifications, string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PropertyImagesTable {
  id: Generated<string>;
  property_id: string;
  position: Generated<number>;
  display_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
  created_at: Generated<Date>;
}

export interface ReservationsTable {
  id: Generated<string>;
  property_id: string;
  owner_id: string;
  client_id: string;
  start_date: string;
  end_date: string;
  status: Generated<ReservationStatus>;
  total_price_cents: Generated<number>;
  security_deposit_cents: Generated<number>;
  guests: Generated<number>;
  special_requests: string | null;
  voucher_number: string | null;
  purchase_order_number: string | null;
  tax_percent: ColumnType<string, number | string | undefined, number | string>;
  discount_percent: ColumnType<string, number | string | undefined, number | string>;
  rate_override_per_day_cents: number | null;
  created_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type ReservationStatus = 'pending' | 'confirmed' | 'completed' | 'cancelled';

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  invitations: InvitationsTable;
  email_outbox: EmailOutboxTable;
  dev_mailbox: DevMailboxTable;
  sign_in_failures: SignInFailuresTable;
  subscriptions: SubscriptionsTable;
  clients: ClientsTable;
  properties: PropertiesTable;
  property_images: PropertyImagesTable;
  reservations: ReservationsTable;
}

export type Property = Selectable<PropertiesTable>;
export type PropertyImage = Selectable<PropertyImagesTable>;
export type Subscription = Selectable<SubscriptionsTable>;

export type User = Selectable<UsersTable>;
export type NewInvitation = Insertable<InvitationsTable>;
export type UserUpdate = Updateable<UsersTable>;
