import type { Kysely } from 'kysely';
import { businessIdOf, canManagePropertiesOf } from '../../../domain/access.ts';
import { bookingTotal } from '../../../domain/booking-total.ts';
import { todayInBusinessZone } from '../../../domain/dates.ts';
import { mergeCitySuggestions } from '../../../domain/property.ts';
import { priceUnitFor } from '../../../domain/rental-unit.ts';
import type { ListingPaymentTerms } from '../../../domain/schemas/online-payments.ts';
import {
  type PropertyInput,
  PropertyInputSchema,
  type PropertySearch,
  type PropertyUpdate,
  validateSearchDates,
} from '../../../domain/schemas/property.ts';
import type {
  ListingDetail,
  OwnedProperty as OwnedPropertyDto,
  Property as PropertyDto,
} from '../../../domain/schemas/property-view.ts';
import type { ListingAllowance } from '../../../domain/schemas/subscription.ts';
import type { Database, Property, User } from '../../db/types.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import { diffFields, hasChanges, recordAudit } from '../audit/audit.ts';
import { deleteBoost } from '../homepage-boost/homepage-boost.repository.ts';
import { listingPaymentTerms, listingPlanOf, listingPlansOf } from '../online-payments/payment-terms.ts';
import {
  assertActiveSubscription,
  assertPlanAllows,
  listingAllowanceOf,
} from '../subscriptions/subscription.service.ts';
import { setListingPlan } from './listing-payment-plan.ts';
import {
  deleteProperty,
  findPropertyById,
  hasConfirmedBookingOf,
  hasReservations,
  insertProperty,
  listCoverImagesOf,
  listImagesOf,
  listPropertiesOfOwner,
  listPropertiesWithReservations,
  listRatesOfProperties,
  lockPropertyForChange,
  setArchivedAt,
  updateProperty,
} from './property.repository.ts';
import { imageUrl, toPropertyDto, toPublicPropertyDto } from './property.schemas.ts';
import { listListedCities, searchProperties } from './property-search.repository.ts';

export const PROPERTY_MESSAGES = {
  notAuthenticated: 'User not authenticated',
  notOwner: 'You must be an owner to manage properties',
  notYourUpdate: 'You can only update your own properties',
  notYourDelete: 'You can only delete your own properties',
  notFound: 'Property not found',
  notYourRestore: 'You can only restore your own properties',
} as const;

/**
 * Who manages a business's listings: its owner, or its staff with the properties permission (spec
 * §6). Returns the business they act for.
 */
export function requireListingManager(user: User | null): { ownerId: string } {
  if (!user) throw unauthorized(PROPERTY_MESSAGES.notAuthenticated);
  const ownerId = businessIdOf(user);
  if (!ownerId || !canManagePropertiesOf(user, ownerId)) throw forbidden(PROPERTY_MESSAGES.notOwner);
  return { ownerId };
}

/**
 * An owner changing one of their listings: signed in as an owner, the listing theirs, and a current
 * subscription (the browser's route guard asks the same; the server decides). Returns the listing.
 */
export async function requireOwnListing(
  db: Kysely<Database>,
  user: User | null,
  id: string,
  notYours: string,
) {
  const { ownerId } = requireListingManager(user);
  const existing = await findPropertyById(db, id);
  if (!existing) throw notFound(PROPERTY_MESSAGES.notFound);
  if (existing.owner_id !== ownerId) throw forbidden(notYours);
  await assertActiveSubscription(db, ownerId);
  return existing;
}

async function withAllImages(db: Kysely<Database>, property: Awaited<ReturnType<typeof findPropertyById>>) {
  if (!property) throw notFound(PROPERTY_MESSAGES.notFound);
  return toPropertyDto(property, await listImagesOf(db, [property.id]));
}

export async function createListing(
  db: Kysely<Database>,
  user: User | null,
  input: PropertyInput,
): Promise<PropertyDto> {
  const { ownerId } = requireListingManager(user);
  const property = await db.transaction().execute(async (trx) => {
    // Locks the owner's subscription row: concurrent creates count one after the other.
    await assertPlanAllows(trx, ownerId, 'create_listing');
    const row = await insertProperty(trx, ownerId, input);
    if (input.paymentPlan) await setListingPlan(trx, row, input.paymentPlan);
    await auditListing(trx, user as User, null, row, 'created');
    return row;
  });
  return toPropertyDto(property, []);
}

/** Changes what the body holds; optional fields it leaves out keep their stored values. */
export async function updateListing(
  db: Kysely<Database>,
  user: User | null,
  id: string,
  changes: PropertyUpdate,
): Promise<PropertyDto> {
  const existing = await requireOwnListing(db, user, id, PROPERTY_MESSAGES.notYourUpdate);
  const merged = PropertyInputSchema.safeParse({
    currency: existing.currency,
    amenities: existing.amenities,
    availability_start: existing.availability_start,
    availability_end: existing.availability_end,
    is_active: existing.is_active,
    status: existing.status,
    cleaning_fee_cents: existing.cleaning_fee_cents,
    security_deposit_cents: existing.security_deposit_cents,
    instantBook: existing.instant_book,
    ...changes,
  });
  if (!merged.success) throw badRequest(merged.error.issues[0]?.message ?? 'Failed to save property');
  const actor = user as User;
  const updated = await db.transaction().execute(async (trx) => {
    const row = await updateProperty(trx, id, merged.data);
    // Left out, the listing keeps its plan; null hands it back to the business's plan.
    if (changes.paymentPlan !== undefined) await setListingPlan(trx, row, changes.paymentPlan, actor);
    await auditListing(trx, actor, existing, row, 'updated');
    return row;
  });
  return withAllImages(db, updated);
}

/** A listing's price and availability as its history keeps them (docs/decisions/051). */
const LISTING_AUDIT_FIELDS = [
  'price_per_day_cents',
  'cleaning_fee_cents',
  'security_deposit_cents',
  'is_active',
  'status',
  'availability_start',
  'availability_end',
  'archived_at',
  'instant_book',
] as const;

async function auditListing(
  trx: Kysely<Database>,
  actor: User,
  before: Property | null,
  after: Property | null,
  action: 'created' | 'updated' | 'deleted',
) {
  const row = (after ?? before) as Property;
  const changes = diffFields<Property>(before, after, LISTING_AUDIT_FIELDS);
  if (action === 'updated' && !hasChanges(changes)) return;
  await recordAudit(trx, {
    actor,
    ownerId: row.owner_id,
    entityType: 'property',
    entityId: row.id,
    action,
    changes,
    summary: `Listing "${row.title}" ${action === 'updated' && 'archived_at' in changes ? (after?.archived_at ? 'archived' : 'restored') : action}`,
  });
}

/**
 * Deletes a listing that no reservation ever referred to, with its photos. A listing with reservations
 * (any status) is archived instead: hidden from search and new bookings, kept for its reservations,
 * restorable. Returns the archived listing, or null when it was deleted.
 */
export async function deleteListing(
  db: Kysely<Database>,
  storage: StorageDriver,
  user: User | null,
  id: string,
): Promise<PropertyDto | null> {
  await requireOwnListing(db, user, id, PROPERTY_MESSAGES.notYourDelete);
  const images = await listImagesOf(db, [id]);
  const archived = await db.transaction().execute(async (trx) => {
    // The lock makes a concurrent booking wait, so "has no reservations" still holds at the delete.
    const locked = await lockPropertyForChange(trx, id);
    if (!locked) throw notFound(PROPERTY_MESSAGES.notFound);
    if (await hasReservations(trx, id)) {
      // An archived listing is never featured: its boost ends and frees its place (docs/decisions/035).
      await deleteBoost(trx, id);
      if (locked.archived_at) return locked;
      const archivedRow = await setArchivedAt(trx, id, new Date());
      await auditListing(trx, user as User, locked, archivedRow, 'updated');
      return archivedRow;
    }
    await deleteProperty(trx, id);
    await auditListing(trx, user as User, locked, null, 'deleted');
    return null;
  });
  if (archived) return withAllImages(db, archived);
  await storage.remove(images.flatMap((image) => [image.display_key, image.thumbnail_key]));
  return null;
}

/** Puts an archived listing back on the market; it counts against the plan's listing limit again. */
export async function restoreListing(
  db: Kysely<Database>,
  user: User | null,
  id: string,
): Promise<PropertyDto> {
  const existing = await requireOwnListing(db, user, id, PROPERTY_MESSAGES.notYourRestore);
  if (!existing.archived_at) return withAllImages(db, existing);
  const restored = await db.transaction().execute(async (trx) => {
    // Serialised with creates, like createListing, so the limit cannot be raced past.
    await trx
      .selectFrom('subscriptions')
      .select('id')
      .where('owner_id', '=', existing.owner_id)
      .forUpdate()
      .execute();
    await assertPlanAllows(trx, existing.owner_id, 'create_listing');
    const row = await setArchivedAt(trx, id, null);
    await auditListing(trx, user as User, existing, row, 'updated');
    return row;
  });
  return withAllImages(db, restored);
}

/**
 * Active, available listings are public; a business (owner or staff) also sees its own hidden ones.
 * The street address is for the business, admins and a client with a confirmed or completed booking
 * of the listing; everyone else sees the area (docs/decisions/043).
 */
/** Whether a listing is shown to the public (active, available, not archived). */
const isListed = (property: Property | undefined) =>
  !!property?.is_active && property.status === 'available' && !property.archived_at;

/** The pages that show one listing first: the listing, and booking it. */
const LISTING_PAGE = /^\/(property|reservation)\/([0-9a-f-]{36})\/?$/i;

/** A page that shows one public listing first, as the server sends it (docs/decisions/066, 070). */
export interface ListingPage {
  /** `property`: the listing page; `reservation`: booking it. */
  page: 'property' | 'reservation';
  title: string;
  type: Property['type'];
  /** The cover photo's address (the gallery's first photo), if the listing has photos. */
  coverUrl: string | null;
  photos: number;
  /** Link header entries: the listing (as the app will ask for it), and its cover photo if it has one. */
  dataLink: string;
  coverLink: string | null;
}

/**
 * For a page that shows one listing (`/property/:id`, `/reservation/:id`) of a public listing, or
 * null: the browser fetches the listing and its cover photo (the listing page's largest paint) with
 * the page, instead of once the app has run (docs/decisions/066); the server draws the page's largest
 * paint before the app runs (server/http/first-paint.ts, docs/decisions/070).
 */
export async function findListingPage(db: Kysely<Database>, pathname: string): Promise<ListingPage | null> {
  const match = LISTING_PAGE.exec(pathname);
  const [, page, id] = match ?? [];
  if (!id || (page !== 'property' && page !== 'reservation')) return null;
  const property = await findPropertyById(db, id);
  if (!property || !isListed(property)) return null;
  const images = await listImagesOf(db, [id]);
  const coverUrl = images[0] ? imageUrl(images[0].display_key) : null;
  return {
    page,
    title: property.title,
    type: property.type,
    coverUrl,
    photos: images.length,
    // `crossorigin` (anonymous): a same-origin request with cookies, as web/lib/api.ts fetches.
    dataLink: `</api/properties/${id}>; rel=preload; as=fetch; crossorigin`,
    coverLink: coverUrl ? `<${coverUrl}>; rel=preload; as=image; fetchpriority=high` : null,
  };
}

export async function getListing(
  db: Kysely<Database>,
  viewer: User | null,
  id: string,
): Promise<ListingDetail> {
  const property = await findPropertyById(db, id);
  const ownBusiness = !!viewer && !!property && property.owner_id === businessIdOf(viewer);
  if (!property || !(isListed(property) || ownBusiness)) throw notFound(PROPERTY_MESSAGES.notFound);
  const seesAddress =
    ownBusiness ||
    viewer?.role === 'admin' ||
    (!!viewer && (await hasConfirmedBookingOf(db, property.id, viewer.id)));
  const [images, paymentTerms, paymentPlan] = await Promise.all([
    listImagesOf(db, [property.id]),
    listingPaymentTerms(db, property.id),
    listingPlanOf(db, property.id),
  ]);
  const dto = seesAddress ? toPropertyDto(property, images) : toPublicPropertyDto(property, images);
  return { ...dto, paymentTerms: paymentTerms as ListingPaymentTerms, paymentPlan };
}

/** The total of a searched stay for each listing priced by the night or the day (none for others). */
async function searchTotals(
  db: Kysely<Database>,
  items: Property[],
  checkIn: string | undefined,
  checkOut: string | undefined,
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  const priced = items.filter((p) => ['night', 'day'].includes(priceUnitFor(p.type)));
  if (!checkIn || !checkOut || priced.length === 0) return totals;
  const rates = await listRatesOfProperties(
    db,
    priced.map((p) => p.id),
  );
  for (const property of priced) {
    const total = bookingTotal({
      unit: priceUnitFor(property.type),
      period: { startDate: checkIn, endDate: checkOut },
      listingRateCents: property.price_per_day_cents,
      rates: rates
        .filter((rate) => rate.property_id === property.id)
        .map((rate) => ({ startDate: rate.start_date, endDate: rate.end_date, rateCents: rate.rate_cents })),
      cleaningFeeCents: property.cleaning_fee_cents,
      discountPercent: 0,
      taxPercent: 0,
    });
    totals.set(property.id, total.totalCents);
  }
  return totals;
}

export async function listMyListings(db: Kysely<Database>, user: User | null): Promise<OwnedPropertyDto[]> {
  const { ownerId } = requireListingManager(user);
  const properties = await listPropertiesOfOwner(db, ownerId);
  const ids = properties.map((p) => p.id);
  const [images, booked, plans] = await Promise.all([
    listImagesOf(db, ids),
    listPropertiesWithReservations(db, ids),
    listingPlansOf(db, ownerId),
  ]);
  return properties.map((property) => ({
    ...toPropertyDto(property, images),
    has_reservations: booked.has(property.id),
    instantBook: property.instant_book,
    paymentPlan: plans.get(property.id) ?? null,
  }));
}

/** Property Management's guard: the business's subscription as it bears on its listings. */
export function listingAllowance(db: Kysely<Database>, user: User | null): Promise<ListingAllowance> {
  const { ownerId } = requireListingManager(user);
  return listingAllowanceOf(db, ownerId);
}

export async function searchListings(db: Kysely<Database>, search: PropertySearch) {
  // The home form checks this too, but the server is the authority (spec §5 Home search).
  const dateError = validateSearchDates(
    search.checkIn ?? null,
    search.checkOut ?? null,
    todayInBusinessZone(),
  );
  if (dateError) throw badRequest(dateError);
  const { items, total, totalCapped, nextCursor } = await searchProperties(db, search);
  const [covers, totals] = await Promise.all([
    listCoverImagesOf(
      db,
      items.map((p) => p.id),
    ),
    searchTotals(db, items, search.checkIn, search.checkOut),
  ]);
  return {
    items: items.map((property) => ({
      ...toPublicPropertyDto(property, covers),
      featured: property.featured,
      total_cents: totals.get(property.id),
    })),
    total,
    totalCapped,
    page: search.page,
    pageSize: search.pageSize,
    nextCursor,
  };
}

/** The known cities and the cities of the listings search shows, once each, alphabetically. */
export async function listCitySuggestions(db: Kysely<Database>): Promise<string[]> {
  return mergeCitySuggestions(await listListedCities(db));
}
