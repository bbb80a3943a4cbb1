import type { Kysely } from 'kysely';
import { businessIdOf, canManagePropertiesOf } from '../../../domain/access.ts';
import { formatDisplayDate, todayInBusinessZone } from '../../../domain/dates.ts';
import { hasAddOn } from '../../../domain/entitlements.ts';
import {
  allowanceLeft,
  canCancelShoot,
  canCompleteShoot,
  canScheduleShoot,
  canUploadShootPhotos,
  monthlyAllowanceUsedMessage,
  monthStartOf,
  PHOTOGRAPHY_MESSAGES,
  type PhotographyStatus,
  preferredDatesProblem,
} from '../../../domain/photography.ts';
import type {
  AdminPhotographyRequest,
  PhotographyOverview,
  PhotographyRequest,
  PhotographyRequestBody,
  PhotographyScheduleInput,
} from '../../../domain/schemas/photography.ts';
import type { PropertyImage as PropertyImageDto } from '../../../domain/schemas/property-view.ts';
import type { Database, User } from '../../db/types.ts';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { processImage } from '../../platform/images/process-image.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { renderActionMail } from '../../platform/mail/templates.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import { toImageDto } from '../properties/property.schemas.ts';
import { countImages } from '../property-images/property-image.repository.ts';
import {
  attachProcessedImage,
  MAX_IMAGES_PER_PROPERTY,
  PROPERTY_IMAGE_MESSAGES,
} from '../property-images/property-image.service.ts';
import { entitlementsOf } from '../subscriptions/entitlements.ts';
import { findSubscription } from '../subscriptions/subscription.repository.ts';
import {
  findRequest,
  insertRequest,
  listRequests,
  lockRequest,
  photoCountOf,
  type RequestRow,
  requestStatusesInMonth,
  setRequestStatus,
} from './photography.repository.ts';

export interface PhotographyDeps {
  db: Kysely<Database>;
  storage: StorageDriver;
  publicUrl: string;
  pokeMail: () => void;
}

/**
 * Who books and follows a business's shoots: its owner, or its staff with the properties permission
 * (the shoot is about the listings). Returns the business they act for.
 */
function requireShootBooker(user: User | null): string {
  if (!user) throw unauthorized();
  const ownerId = businessIdOf(user);
  if (!ownerId || !canManagePropertiesOf(user, ownerId)) throw forbidden(PHOTOGRAPHY_MESSAGES.notAllowed);
  return ownerId;
}

function requireAdmin(user: User | null): User {
  if (!user) throw unauthorized();
  if (user.role !== 'admin') throw forbidden(PHOTOGRAPHY_MESSAGES.adminOnly);
  return user;
}

function toDto(row: RequestRow): PhotographyRequest {
  return {
    id: row.id,
    status: row.status,
    listings: row.listings,
    preferred_dates: row.preferred_dates,
    notes: row.notes,
    scheduled_date: row.scheduled_date,
    scheduled_time: row.scheduled_time,
    requested_at: row.created_at.toISOString(),
    completed_at: row.completed_at?.toISOString() ?? null,
    cancelled_at: row.cancelled_at?.toISOString() ?? null,
  };
}

function toAdminDto(row: RequestRow): AdminPhotographyRequest {
  return {
    ...toDto(row),
    owner: {
      id: row.owner_id,
      name: `${row.owner_first_name} ${row.owner_last_name}`.trim(),
      email: row.owner_email,
      phone: row.owner_phone,
    },
  };
}

/** Why the business cannot book a shoot today, or null when it can. */
async function refusalOf(db: Kysely<Database>, ownerId: string, now: Date): Promise<string | null> {
  if (!hasAddOn(await entitlementsOf(db, ownerId, now), 'photography')) return PHOTOGRAPHY_MESSAGES.noAddOn;
  const today = todayInBusinessZone(now);
  const statuses = await requestStatusesInMonth(db, ownerId, monthStartOf(today));
  return allowanceLeft(statuses) ? null : monthlyAllowanceUsedMessage(today);
}

/** GET /api/photography/requests */
export async function photographyOverview(
  db: Kysely<Database>,
  user: User | null,
  now: Date = new Date(),
): Promise<PhotographyOverview> {
  const ownerId = requireShootBooker(user);
  const refusal = await refusalOf(db, ownerId, now);
  return {
    add_on_active: refusal !== PHOTOGRAPHY_MESSAGES.noAddOn,
    refusal,
    requests: (await listRequests(db, { ownerId })).map(toDto),
  };
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

/** POST /api/photography/requests: one shoot for some of the business's active listings. */
export async function requestShoot(
  db: Kysely<Database>,
  user: User | null,
  input: PhotographyRequestBody,
  now: Date = new Date(),
): Promise<PhotographyRequest> {
  const ownerId = requireShootBooker(user);
  if (!hasAddOn(await entitlementsOf(db, ownerId, now), 'photography')) {
    throw forbidden(PHOTOGRAPHY_MESSAGES.noAddOn);
  }
  const today = todayInBusinessZone(now);
  const problem = preferredDatesProblem(input.preferred_dates, today);
  if (problem) throw badRequest(problem);
  if (new Set(input.property_ids).size !== input.property_ids.length) {
    throw badRequest(PHOTOGRAPHY_MESSAGES.duplicateListings);
  }
  const listings = await db
    .selectFrom('properties')
    .select(['id', 'owner_id', 'is_active', 'archived_at'])
    .where('id', 'in', input.property_ids)
    .execute();
  if (listings.length !== input.property_ids.length || listings.some((l) => l.owner_id !== ownerId)) {
    throw forbidden(PHOTOGRAPHY_MESSAGES.listingNotYours);
  }
  if (listings.some((listing) => !listing.is_active || listing.archived_at)) {
    throw badRequest(PHOTOGRAPHY_MESSAGES.listingNotActive);
  }
  const month = monthStartOf(today);
  const preferred = [...input.preferred_dates].sort();
  try {
    const id = await db.transaction().execute(async (trx) => {
      // The subscription row's lock makes two requests of one business count one after the other.
      await findSubscription(trx, ownerId, { forUpdate: true });
      if (!allowanceLeft(await requestStatusesInMonth(trx, ownerId, month))) {
        throw conflict(monthlyAllowanceUsedMessage(today));
      }
      return insertRequest(trx, {
        owner_id: ownerId,
        requested_by: user?.id ?? null,
        month,
        preferred_dates: preferred,
        earliest_preferred_date: preferred[0] ?? today,
        notes: input.notes,
        propertyIds: input.property_ids,
      });
    });
    return toDto(await mustFind(db, id));
  } catch (error) {
    if (!(error instanceof AppError) && isUniqueViolation(error)) {
      throw conflict(monthlyAllowanceUsedMessage(today));
    }
    throw error;
  }
}

async function mustFind(db: Kysely<Database>, id: string): Promise<RequestRow> {
  const row = await findRequest(db, id);
  if (!row) throw notFound(PHOTOGRAPHY_MESSAGES.notFound);
  return row;
}

/** POST /api/photography/requests/:id/cancel: only while nobody has scheduled it yet. */
export async function cancelShoot(
  db: Kysely<Database>,
  user: User | null,
  id: string,
): Promise<PhotographyRequest> {
  const ownerId = requireShootBooker(user);
  await db.transaction().execute(async (trx) => {
    const locked = await lockRequest(trx, id);
    // Another business's request is not found: its existence is none of this business's business.
    if (!locked || locked.owner_id !== ownerId) throw notFound(PHOTOGRAPHY_MESSAGES.notFound);
    if (!canCancelShoot(locked.status)) throw conflict(PHOTOGRAPHY_MESSAGES.cannotCancel);
    await setRequestStatus(trx, id, { status: 'cancelled', cancelled_at: new Date() });
  });
  return toDto(await mustFind(db, id));
}

/** GET /api/admin/photography/requests: the queue, earliest preferred date first. */
export async function photographyQueue(
  db: Kysely<Database>,
  user: User | null,
  status: PhotographyStatus | undefined,
): Promise<AdminPhotographyRequest[]> {
  requireAdmin(user);
  return (await listRequests(db, { status })).map(toAdminDto);
}

function listingNames(row: RequestRow): string {
  return row.listings.map((listing) => `${listing.title} (${listing.address})`).join('; ');
}

/** POST /api/admin/photography/requests/:id/schedule: sets (or moves) the shoot; the owner is emailed. */
export async function scheduleShoot(
  deps: PhotographyDeps,
  user: User | null,
  id: string,
  input: PhotographyScheduleInput,
  now: Date = new Date(),
): Promise<AdminPhotographyRequest> {
  requireAdmin(user);
  if (input.date < todayInBusinessZone(now)) throw badRequest(PHOTOGRAPHY_MESSAGES.scheduleInPast);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockRequest(trx, id);
    if (!locked) throw notFound(PHOTOGRAPHY_MESSAGES.notFound);
    if (!canScheduleShoot(locked.status)) throw conflict(PHOTOGRAPHY_MESSAGES.cannotSchedule);
    const moved = locked.status === 'scheduled';
    await setRequestStatus(trx, id, {
      status: 'scheduled',
      scheduled_date: input.date,
      scheduled_time: input.time,
    });
    const row = await mustFind(trx, id);
    const when = `${formatDisplayDate(input.date)} at ${input.time}`;
    await enqueueMail(
      trx,
      renderActionMail({
        to: row.owner_email,
        subject: moved ? `Your photo shoot has moved to ${when}` : `Your photo shoot is booked for ${when}`,
        greetingName: row.owner_first_name,
        paragraphs: [
          `Our photographer will visit on ${when} to photograph: ${listingNames(row)}.`,
          'Please make sure someone can let them in and that the rooms are tidy and well lit. The photos will appear in your listings’ galleries after the shoot.',
        ],
        action: { label: 'View your photography requests', url: `${deps.publicUrl}/photography` },
      }),
    );
  });
  deps.pokeMail();
  return toAdminDto(await mustFind(deps.db, id));
}

/**
 * POST /api/admin/photography/requests/:id/photos?property_id=…: one photo into the listing's gallery,
 * through the listing photos' pipeline (re-encoded, EXIF stripped, appended last), remembered as the
 * shoot's.
 */
export async function uploadShootPhoto(
  deps: PhotographyDeps,
  user: User | null,
  id: string,
  propertyId: string,
  readUpload: () => Promise<Buffer | null>,
): Promise<PropertyImageDto> {
  requireAdmin(user);
  const row = await mustFind(deps.db, id);
  if (!canUploadShootPhotos(row.status)) throw conflict(PHOTOGRAPHY_MESSAGES.cannotUpload);
  if (!row.listings.some((listing) => listing.id === propertyId)) {
    throw badRequest(PHOTOGRAPHY_MESSAGES.listingNotInRequest);
  }
  if ((await countImages(deps.db, propertyId)) >= MAX_IMAGES_PER_PROPERTY) {
    throw badRequest(PROPERTY_IMAGE_MESSAGES.tooManyImages);
  }
  const upload = await readUpload();
  if (!upload || upload.length === 0) throw badRequest(PROPERTY_IMAGE_MESSAGES.noFile);
  const processed = await processImage(upload);
  const image = await attachProcessedImage(deps, propertyId, processed, async (trx, stored) => {
    const locked = await lockRequest(trx, id);
    if (!locked || !canUploadShootPhotos(locked.status)) throw conflict(PHOTOGRAPHY_MESSAGES.cannotUpload);
    await trx
      .insertInto('photography_request_photos')
      .values({ image_id: stored.id, request_id: id, property_id: propertyId })
      .execute();
  });
  return toImageDto(image);
}

/** POST /api/admin/photography/requests/:id/complete: done once at least one photo is in a gallery. */
export async function completeShoot(
  deps: PhotographyDeps,
  user: User | null,
  id: string,
): Promise<AdminPhotographyRequest> {
  requireAdmin(user);
  await deps.db.transaction().execute(async (trx) => {
    const locked = await lockRequest(trx, id);
    if (!locked) throw notFound(PHOTOGRAPHY_MESSAGES.notFound);
    if (!canCompleteShoot(locked.status)) throw conflict(PHOTOGRAPHY_MESSAGES.cannotComplete);
    if ((await photoCountOf(trx, id)) === 0) throw badRequest(PHOTOGRAPHY_MESSAGES.noPhotos);
    await setRequestStatus(trx, id, { status: 'completed', completed_at: new Date() });
    const row = await mustFind(trx, id);
    await enqueueMail(
      trx,
      renderActionMail({
        to: row.owner_email,
        subject: 'Your professional photos are in your listings',
        greetingName: row.owner_first_name,
        paragraphs: [
          `The photos of your shoot are now in the galleries of: ${listingNames(row)}.`,
          'You can reorder them, or choose another cover photo, in Property Management.',
        ],
        action: { label: 'View your photography requests', url: `${deps.publicUrl}/photography` },
      }),
    );
  });
  deps.pokeMail();
  return toAdminDto(await mustFind(deps.db, id));
}
