import { type Kysely, type QueryCreator, sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { IsoDate } from '../../../domain/dates.ts';
import { type Entitlements, entitlementsFor } from '../../../domain/entitlements.ts';
import type { AddOnId } from '../../../domain/subscriptions.ts';
import type { VatRate } from '../../../domain/vat.ts';
import { PROPERTY_COLUMNS } from '../../db/columns.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Client, Database, Property, UserSettings } from '../../db/types.ts';
import { bookerRecordUpsert, clientFromJson } from '../clients/client.repository.ts';
import { staffManagingReservations } from '../in-app-notifications/in-app-notifications.service.ts';
import type { KnownSubscription } from './reservation-quota.ts';

/**
 * Everything a new booking reads, in one statement at the start of its transaction
 * (docs/decisions/067): the listing, locked FOR NO KEY UPDATE until commit (archiving it waits for
 * the booking, or the booking sees it archived; writers of its dates go one after the other,
 * docs/decisions/078), with its rate periods and cover image; the owner, their
 * subscription and add-ons, business details and latest rental agreement; the VAT rates; the staff
 * who manage reservations; and which of a few candidate references are taken already.
 */
export interface BookingContext {
  property: Property;
  owner: {
    id: string;
    name: string;
    email: string;
    first_name: string;
    last_name: string;
    isOwner: boolean;
    is_active: boolean;
    settings: UserSettings;
  };
  /** Active staff holding the reservations permission, with their notification switches. */
  managers: { id: string; settings: UserSettings }[];
  subscription: KnownSubscription;
  entitlements: Entitlements;
  businessDetails: { vat_registered: boolean; trading_name: string; logo_key: string | null } | null;
  vatRates: VatRate[];
  rates: { start_date: IsoDate; end_date: IsoDate; rate_cents: number }[];
  latestAgreement: { id: string; version: number; business_name: string } | null;
  coverKey: string | null;
  /** The first of the candidate references no reservation has, or null when all are taken. */
  freeReference: string | null;
  /** With `booker`: the client's own record with the listing's owner, found or made. */
  bookerRecord: Client | null;
}

/** How many new references a booking offers the context query, which says the first one not taken. */
export const REFERENCE_CANDIDATES = 2;

interface ContextValues {
  propertyId: string;
  now: Date;
  referenceCandidates: readonly string[];
}

/**
 * The context's statement; with `booker`, a client booking for themselves, it also finds or makes
 * their record with the listing's owner (findOrCreateClient's upsert, in a WITH), which holds that
 * row until commit: their concurrent requests wait here, and count their open ones one after another.
 */
function contextSelect(
  qc: QueryCreator<Database>,
  db: Kysely<Database>,
  values: ContextValues,
  booker: boolean,
) {
  return qc
    .selectFrom('properties as p')
    .innerJoin('users as o', 'o.id', 'p.owner_id')
    .leftJoin('subscriptions as s', 's.owner_id', 'p.owner_id')
    .leftJoin('business_details as bd', 'bd.owner_id', 'p.owner_id')
    .select(PROPERTY_COLUMNS.map((column) => `p.${column}` as const))
    .select([
      'o.name as owner_name',
      'o.email as owner_email',
      'o.first_name as owner_first_name',
      'o.last_name as owner_last_name',
      'o.role as owner_role',
      'o.is_active as owner_is_active',
      'o.settings as owner_settings',
      's.id as subscription_id',
      's.plan_id as subscription_plan_id',
      's.status as subscription_status',
      'bd.owner_id as details_owner_id',
      'bd.vat_registered',
      'bd.trading_name',
      'bd.logo_key',
    ])
    .select((eb) => [
      jsonArrayFrom(
        eb
          .selectFrom('property_rates as pr')
          .select(['pr.start_date', 'pr.end_date', 'pr.rate_cents'])
          .whereRef('pr.property_id', '=', 'p.id')
          .orderBy('pr.start_date'),
      ).as('rates'),
      jsonArrayFrom(
        db.selectFrom('vat_rates').select(['effective_from', 'rate_percent']).orderBy('effective_from'),
      ).as('vat_rates'),
      jsonArrayFrom(
        eb
          .selectFrom('subscription_add_ons as sa')
          .select('sa.add_on_id')
          .whereRef('sa.subscription_id', '=', 's.id')
          .where((add) => add.or([add('sa.removed_at', 'is', null), add('sa.removed_at', '>', values.now)]))
          .orderBy('sa.added_at'),
      ).as('add_ons'),
      jsonObjectFrom(
        eb
          .selectFrom('rental_agreements as ra')
          .select(['ra.id', 'ra.version', 'ra.business_name'])
          .whereRef('ra.owner_id', '=', 'p.owner_id')
          .orderBy('ra.version', 'desc')
          .limit(1),
      ).as('latest_agreement'),
      jsonArrayFrom(staffManagingReservations(db, eb.ref('p.owner_id')).select(['id', 'settings'])).as(
        'managers',
      ),
      eb
        .selectFrom('property_images as pi')
        .select('pi.thumbnail_key')
        .whereRef('pi.property_id', '=', 'p.id')
        .orderBy('pi.position')
        .orderBy('pi.created_at')
        .limit(1)
        .as('cover_key'),
      sql<string[]>`(SELECT coalesce(json_agg(reference), '[]'::json) FROM reservations
          WHERE reference IN (${sql.join(values.referenceCandidates)}))`.as('taken_references'),
      sql<Record<
        keyof Client,
        unknown
      > | null>`${booker ? sql`(SELECT row_to_json(booker) FROM booker)` : sql`NULL::json`}`.as('booker'),
    ])
    .where('p.id', '=', values.propertyId)
    .forNoKeyUpdate('p');
}

const CONTEXT_PLACEHOLDERS = {
  propertyId: true,
  now: true,
  referenceCandidates: REFERENCE_CANDIDATES,
} as const;

/** The context query, compiled once (it is on every booking's path). */
const contextQuery = compiledOnce(
  (db: Kysely<Database>, values: ContextValues) => contextSelect(db, db, values, false),
  CONTEXT_PLACEHOLDERS,
);

/** The client's own booking: the context and their client record in one statement. */
type BookerValues = Omit<Parameters<typeof bookerRecordUpsert>[1], 'propertyId'>;
const contextWithBookerQuery = compiledOnce(
  (db: Kysely<Database>, values: ContextValues & BookerValues) =>
    contextSelect(
      // The select names the WITH's rows in SQL only (row_to_json), so it is typed as a plain query.
      db.with('booker', () => bookerRecordUpsert(db, values)) as unknown as QueryCreator<Database>,
      db,
      values,
      true,
    ),
  { ...CONTEXT_PLACEHOLDERS, firstName: true, lastName: true, email: true, phone: true, userId: true },
);

export async function loadBookingContext(
  trx: Kysely<Database>,
  propertyId: string,
  options: { now: Date; referenceCandidates: readonly string[]; booker?: BookerValues },
): Promise<BookingContext | null> {
  const { booker: bookerValues, ...rest } = options;
  const values = { propertyId, ...rest };
  const [row] = await (bookerValues
    ? contextWithBookerQuery(trx, { ...values, ...bookerValues })
    : contextQuery(trx, values));
  if (!row) return null;
  const {
    owner_name,
    owner_email,
    owner_first_name,
    owner_last_name,
    owner_role,
    owner_is_active,
    owner_settings,
    subscription_id,
    subscription_plan_id,
    subscription_status,
    details_owner_id,
    vat_registered,
    trading_name,
    logo_key,
    rates,
    vat_rates,
    add_ons,
    latest_agreement,
    managers,
    cover_key,
    taken_references,
    booker,
    ...property
  } = row;
  const subscription =
    subscription_id && subscription_plan_id && subscription_status
      ? { id: subscription_id, plan_id: subscription_plan_id, status: subscription_status }
      : null;
  const addOns = add_ons.map((addOn) => addOn.add_on_id as AddOnId);
  const taken = new Set(taken_references);
  return {
    property,
    owner: {
      id: property.owner_id,
      name: owner_name,
      email: owner_email,
      first_name: owner_first_name,
      last_name: owner_last_name,
      isOwner: owner_role === 'owner',
      is_active: owner_is_active,
      settings: owner_settings,
    },
    managers,
    subscription,
    // As entitlementsOf: no subscription is the Starter plan.
    entitlements: entitlementsFor(subscription?.plan_id ?? 'starter', subscription ? addOns : []),
    businessDetails:
      details_owner_id !== null
        ? { vat_registered: !!vat_registered, trading_name: trading_name ?? '', logo_key: logo_key ?? null }
        : null,
    vatRates: vat_rates.map((rate) => ({
      effectiveFrom: rate.effective_from,
      ratePercent: Number(rate.rate_percent),
    })),
    rates,
    latestAgreement: latest_agreement,
    coverKey: cover_key ?? null,
    freeReference: options.referenceCandidates.find((candidate) => !taken.has(candidate)) ?? null,
    bookerRecord: booker ? clientFromJson(booker) : null,
  };
}
