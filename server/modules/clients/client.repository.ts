import { type Kysely, type OnConflictBuilder, sql } from 'kysely';
import type { ClientUpdate } from '../../../domain/schemas/clients.ts';
import type { ClientCreate } from '../../../domain/schemas/reservation.ts';
import { CLIENT_COLUMNS } from '../../db/columns.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Client, Database } from '../../db/types.ts';
import { lineSumsQuery, toLineSums } from '../billing-lines/line-sums.ts';

type Executor = Kysely<Database>;

/** A LIKE pattern that matches `term` literally anywhere (% and _ typed by a person are not wildcards). */
const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The business's clients (removed ones are not listed); `search` matches first name, last name, full
 * name or email whatever the case.
 */
function clientsOfOwner(db: Executor, ownerId: string, search?: string) {
  let query = db
    .selectFrom('clients')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('removed_at', 'is', null);
  const term = search?.trim();
  if (term) {
    const pattern = containing(term);
    query = query.where((eb) =>
      eb.or([
        eb('first_name', 'ilike', pattern),
        eb('last_name', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern),
      ]),
    );
  }
  return query;
}

/** By name (the order of clients_owner_listed_idx, migration 016), the id breaking ties. */
const byName = (query: ReturnType<typeof clientsOfOwner>) =>
  query.orderBy(sql`lower(first_name)`).orderBy(sql`lower(last_name)`).orderBy('id');

/** Every client of the business matching `search`, by name (the clients CSV export). */
export function listClientsOfOwner(db: Executor, ownerId: string, search?: string) {
  return byName(clientsOfOwner(db, ownerId, search)).execute();
}

/**
 * One page of the business's clients matching `search`, by name, and how many match (My Clients and
 * the booking pickers, docs/decisions/069 and 072): the page walks the name index and stops; the count reads the index alone.
 */
export async function listClientPageOfOwner(
  db: Executor,
  ownerId: string,
  search: string | undefined,
  paging: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    byName(clientsOfOwner(db, ownerId, search))
      .limit(paging.limit)
      .offset(paging.offset)
      .execute(),
    clientsOfOwner(db, ownerId, search)
      .clearSelect()
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export function findClient(db: Executor, id: string) {
  return db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The client account registered with an email (any letter case), as a subquery for linking a client
 * record. Owner and staff accounts are not linked: My Reservations is the client's screen.
 */
function clientAccountWithEmail(email: string) {
  return sql<
    string | null
  >`(SELECT id FROM users WHERE lower(email) = lower(${email}) AND role = 'client' LIMIT 1)`;
}

/**
 * The owner's client record for an email: reused when it exists, created otherwise — one statement
 * either way. Either way it is linked to the account registered with that email (if it was not yet),
 * so the person sees the booking in My Reservations.
 */
export async function findOrCreateClient(
  db: Executor,
  ownerId: string,
  input: ClientCreate & { user_id?: string | null; phone?: string | null },
) {
  const values = {
    ownerId,
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone ?? null,
    userId: input.user_id ?? null,
  };
  const [row] = await (input.user_id ? upsertClientOfUser : upsertClientByEmail)(db, values);
  if (!row) throw new Error('findOrCreateClient: the upsert returned no row');
  const { created, ...client } = row;
  return { client, created };
}

interface ClientUpsert {
  ownerId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  userId: string | null;
}

/** The business's record for the email exists: it is reused, and linked to the account if it was not yet. */
const reuseOwnersRecord = (oc: OnConflictBuilder<Database, 'clients'>) =>
  oc
    .columns(['owner_id', 'email'])
    // A removed client who books again (or is booked for again) is one of the business's clients again.
    .doUpdateSet({
      user_id: sql<string | null>`coalesce(clients.user_id, excluded.user_id)`,
      removed_at: null,
    });

/** findOrCreateClient's statement, compiled once (every client's booking runs it): with the account known or looked up by email. */
function clientUpsert(accountKnown: boolean) {
  return compiledOnce(
    (db: Kysely<Database>, values: ClientUpsert) =>
      db
        .insertInto('clients')
        .values({
          owner_id: values.ownerId,
          first_name: values.firstName,
          last_name: values.lastName,
          email: values.email,
          phone: values.phone,
          region: 'ZA',
          user_id: accountKnown ? values.userId : clientAccountWithEmail(values.email),
        })
        .onConflict(reuseOwnersRecord)
        .returning(CLIENT_COLUMNS)
        .returning(sql<boolean>`(xmax = 0)`.as('created')),
    { ownerId: true, firstName: true, lastName: true, email: true, phone: true, userId: true },
  );
}

/**
 * findOrCreateClient for a signed-in client booking a listing, with the listing's owner read in the
 * same statement: the booking's first statement carries it (booking-context.ts). No row when the
 * listing does not exist.
 */
export function bookerRecordUpsert(
  db: Kysely<Database>,
  values: Omit<ClientUpsert, 'ownerId'> & { propertyId: string },
) {
  return db
    .insertInto('clients')
    .columns(['owner_id', 'first_name', 'last_name', 'email', 'phone', 'region', 'user_id'])
    .expression(
      db
        .selectFrom('properties')
        .select([
          'owner_id',
          sql<string>`${values.firstName}::text`.as('first_name'),
          sql<string>`${values.lastName}::text`.as('last_name'),
          sql<string>`${values.email}::text`.as('email'),
          sql<string | null>`${values.phone}::text`.as('phone'),
          sql<string>`'ZA'`.as('region'),
          sql<string | null>`${values.userId}::uuid`.as('user_id'),
        ])
        .where('id', '=', values.propertyId),
    )
    .onConflict(reuseOwnersRecord)
    .returning(CLIENT_COLUMNS);
}

/** A client row read as JSON (row_to_json): its timestamps back to dates. */
export function clientFromJson(json: Record<keyof Client, unknown>): Client {
  const at = (value: unknown) => (value === null ? null : new Date(value as string));
  return {
    ...(json as Client),
    removed_at: at(json.removed_at),
    created_at: new Date(json.created_at as string),
    updated_at: new Date(json.updated_at as string),
    notes_updated_at: at(json.notes_updated_at),
  };
}
const upsertClientOfUser = clientUpsert(true);
const upsertClientByEmail = clientUpsert(false);

/**
 * Links every owner's client records for an email to the client account that registered or verified
 * it, so bookings made for the person before they had an account show in their My Reservations.
 */
export async function linkClientsToUser(db: Executor, user: { id: string; email: string }) {
  await db
    .updateTable('clients')
    .set({ user_id: user.id, updated_at: sql<Date>`now()` })
    .where(sql<boolean>`lower(email) = lower(${user.email})`)
    .where('user_id', 'is', null)
    .where((eb) =>
      eb.exists(eb.selectFrom('users').select('id').where('id', '=', user.id).where('role', '=', 'client')),
    )
    .execute();
}

/** The business's client record for an email, removed or not, locked until the transaction ends. */
export function lockClientByEmail(db: Executor, ownerId: string, email: string) {
  return db
    .selectFrom('clients')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('email', '=', email)
    .forUpdate()
    .executeTakeFirst();
}

/** Brings a removed client back with the names just typed: active, listed again. */
export function restoreClient(db: Executor, id: string, input: ClientCreate) {
  return db
    .updateTable('clients')
    .set({
      first_name: input.first_name,
      last_name: input.last_name,
      is_active: true,
      removed_at: null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setClientActive(db: Executor, id: string, isActive: boolean) {
  return db
    .updateTable('clients')
    .set({ is_active: isActive, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Unlinks the client from the business: hidden from its lists, kept for what its bookings refer to. */
export async function markClientRemoved(db: Executor, id: string): Promise<void> {
  const now = new Date();
  await db.updateTable('clients').set({ removed_at: now, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Edit: the details sent change; a changed email is linked to the client account registered with it
 * (if any), as adding a client with that email would be.
 */
export function updateClient(db: Executor, id: string, changes: Omit<ClientUpdate, 'is_active'>) {
  return db
    .updateTable('clients')
    .set({
      ...changes,
      ...(changes.email ? { user_id: clientAccountWithEmail(changes.email) } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function setClientNotes(db: Executor, id: string, notes: string) {
  const now = new Date();
  return db
    .updateTable('clients')
    .set({ notes, notes_updated_at: now, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The client's bookings with the business, newest stay first, with their listing. */
export function listBookingsOfClient(db: Executor, ownerId: string, clientId: string) {
  return db
    .selectFrom('reservations as r')
    .leftJoin('properties as p', 'p.id', 'r.property_id')
    .select([
      'r.id',
      'r.reference',
      'r.status',
      'r.start_date',
      'r.end_date',
      'r.start_time',
      'r.end_time',
      'r.total_price_cents',
      'p.id as property_id',
      'p.title as property_title',
      'p.type as property_type',
      'p.archived_at as property_archived_at',
    ])
    .where('r.owner_id', '=', ownerId)
    .where('r.client_id', '=', clientId)
    .orderBy('r.start_date', 'desc')
    .orderBy('r.start_time', 'desc')
    .orderBy('r.created_at', 'desc')
    .execute();
}

/**
 * The not-voided billing lines of those bookings summed by booking and kind: the sums
 * `ledgerSummary` reads as one line per kind (domain/reports LineSum, docs/decisions/039).
 */
export async function lineSumsOfBookings(db: Executor, ownerId: string, reservationIds: readonly string[]) {
  if (reservationIds.length === 0) return [];
  return toLineSums(
    await lineSumsQuery(db)
      .where('owner_id', '=', ownerId)
      .where('reservation_id', 'in', reservationIds)
      .execute(),
  );
}
