import { type Kysely, sql } from 'kysely';

/** Identity and account tables (better-auth mapped to snake_case), invitations and the email outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      email_verified boolean NOT NULL DEFAULT false,
      image text,
      first_name text NOT NULL CHECK (length(trim(first_name)) > 0),
      last_name text NOT NULL CHECK (length(trim(last_name)) > 0),
      phone text,
      role text NOT NULL DEFAULT 'client'
        CHECK (role IN ('owner', 'admin', 'client', 'backoffice', 'frontoffice')),
      region text NOT NULL DEFAULT 'ZA',
      culture text NOT NULL DEFAULT 'en-ZA',
      settings jsonb NOT NULL DEFAULT
        '{"currency":"ZAR","dateFormat":"dd/MM/yyyy","timeFormat":"HH:mm","language":"en-ZA"}',
      is_active boolean NOT NULL DEFAULT true,
      parent_owner_id uuid REFERENCES users(id) ON DELETE CASCADE,
      permissions jsonb NOT NULL DEFAULT
        '{"canManageProperties":false,"canManageReservations":false,"canManageTenants":false,"canManageUsers":false,"canViewReports":false}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT staff_have_an_owner
        CHECK ((role IN ('backoffice', 'frontoffice')) = (parent_owner_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX users_parent_owner_idx ON users (parent_owner_id)`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      ip_address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_idx ON sessions (user_id)`.execute(db);

  await sql`
    CREATE TABLE accounts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      account_id text NOT NULL,
      provider_id text NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      access_token text,
      refresh_token text,
      id_token text,
      access_token_expires_at timestamptz,
      refresh_token_expires_at timestamptz,
      scope text,
      password text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX accounts_user_idx ON accounts (user_id)`.execute(db);

  await sql`
    CREATE TABLE verifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      identifier text NOT NULL,
      value text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX verifications_identifier_idx ON verifications (identifier)`.execute(db);

  await sql`
    CREATE TABLE sign_in_failures (
      id bigserial PRIMARY KEY,
      email text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sign_in_failures_email_idx ON sign_in_failures (email, failed_at)`.execute(db);

  await sql`
    CREATE TABLE invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      email text NOT NULL CHECK (email = lower(email)),
      first_name text NOT NULL,
      last_name text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'admin', 'client', 'backoffice', 'frontoffice')),
      phone text,
      region text NOT NULL DEFAULT 'ZA',
      culture text NOT NULL DEFAULT 'en-ZA',
      owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      permissions jsonb NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      invited_user_id uuid REFERENCES users(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX invitations_one_pending_per_email
    ON invitations (owner_id, email) WHERE status = 'pending'`.execute(db);

  await sql`
    CREATE TABLE email_outbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      to_address text NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX email_outbox_due_idx ON email_outbox (next_attempt_at) WHERE status = 'pending'`.execute(
    db,
  );

  await sql`
    CREATE TABLE dev_mailbox (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      outbox_id uuid NOT NULL UNIQUE,
      to_address text NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'dev_mailbox',
    'email_outbox',
    'invitations',
    'sign_in_failures',
    'verifications',
    'accounts',
    'sessions',
    'users',
  ]) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db);
  }
}
