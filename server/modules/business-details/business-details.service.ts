import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { businessIdOf } from '../../../domain/access.ts';
import { MESSAGES } from '../../../domain/errors.ts';
import type { BusinessDetails, BusinessDetailsValues } from '../../../domain/schemas/business-details.ts';
import type { Database, User } from '../../db/types.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { requireRole } from '../../http/session.ts';
import { processLogo } from '../../platform/images/process-image.ts';
import type { StorageDriver } from '../../platform/storage/storage.ts';
import { imageUrl } from '../properties/property.schemas.ts';
import { PROPERTY_IMAGE_MESSAGES } from '../property-images/property-image.service.ts';
import {
  type BusinessDetailsRow,
  findBusinessDetails,
  findOwner,
  setLogoKey,
  upsertBusinessDetails,
} from './business-details.repository.ts';

export const BUSINESS_DETAILS_ERRORS = {
  chooseBusiness: 'Please choose a business',
  businessNotFound: 'Business not found',
  ownersOnly: 'Only the business owner can change its details',
  saveFirst: 'Please save your business details before adding a logo',
} as const;

export function toBusinessDetailsDto(row: BusinessDetailsRow): BusinessDetails {
  const { created_at: _created, logo_key, updated_at, ...fields } = row;
  return {
    ...fields,
    logo_url: logo_key ? imageUrl(logo_key) : null,
    updated_at: new Date(updated_at).toISOString(),
  };
}

/**
 * Whose details a user may read: an owner their own, staff their owner's, an admin any owner's
 * (named by owner_id). Clients have no business.
 */
async function readableBusiness(db: Kysely<Database>, user: User | null, requested: string | undefined) {
  const actor = requireRole(user, ['owner', 'backoffice', 'frontoffice', 'admin']);
  const ownerId = actor.role === 'admin' ? requested : businessIdOf(actor);
  if (actor.role === 'admin' && !ownerId) throw badRequest(BUSINESS_DETAILS_ERRORS.chooseBusiness);
  if (!ownerId || (requested && requested !== ownerId)) throw forbidden(MESSAGES.forbidden);
  const owner = await findOwner(db, ownerId);
  if (!owner) throw notFound(BUSINESS_DETAILS_ERRORS.businessNotFound);
  return owner;
}

/** The saved details, or (never saved) suggestions from the owner's account with updated_at null. */
export async function getBusinessDetails(
  db: Kysely<Database>,
  user: User | null,
  requested: string | undefined,
): Promise<BusinessDetails> {
  const owner = await readableBusiness(db, user, requested);
  const row = await findBusinessDetails(db, owner.id);
  if (row) return toBusinessDetailsDto(row);
  return {
    owner_id: owner.id,
    trading_name: `${owner.first_name} ${owner.last_name}`.trim(),
    address: '',
    phone: owner.phone,
    email: owner.email,
    vat_registered: false,
    vat_number: null,
    bank_name: null,
    bank_account_holder: null,
    bank_account_number: null,
    bank_branch_code: null,
    bank_account_type: null,
    payment_terms: null,
    logo_url: null,
    updated_at: null,
  };
}

function requireOwner(user: User | null): User {
  const actor = requireRole(user);
  if (actor.role !== 'owner') throw forbidden(BUSINESS_DETAILS_ERRORS.ownersOnly);
  return actor;
}

export async function saveBusinessDetails(
  db: Kysely<Database>,
  user: User | null,
  values: BusinessDetailsValues,
): Promise<BusinessDetails> {
  const owner = requireOwner(user);
  return toBusinessDetailsDto(await upsertBusinessDetails(db, owner.id, values));
}

/**
 * A new logo is stored under a new key and the old file is kept: documents issued with it may be
 * drawn again from their snapshot (docs/decisions/017).
 */
export async function uploadLogo(
  deps: { db: Kysely<Database>; storage: StorageDriver },
  user: User | null,
  readUpload: () => Promise<Buffer | null>,
): Promise<BusinessDetails> {
  const owner = requireOwner(user);
  if (!(await findBusinessDetails(deps.db, owner.id))) throw conflict(BUSINESS_DETAILS_ERRORS.saveFirst);
  const upload = await readUpload();
  if (!upload || upload.length === 0) throw badRequest(PROPERTY_IMAGE_MESSAGES.noFile);
  const png = await processLogo(upload);
  const key = `business/${owner.id}/logo-${randomUUID()}.png`;
  await deps.storage.put(key, png, 'image/png');
  const row = await setLogoKey(deps.db, owner.id, key);
  if (!row) throw conflict(BUSINESS_DETAILS_ERRORS.saveFirst);
  return toBusinessDetailsDto(row);
}

export async function removeLogo(db: Kysely<Database>, user: User | null): Promise<BusinessDetails> {
  const owner = requireOwner(user);
  const row = await setLogoKey(db, owner.id, null);
  if (!row) throw conflict(BUSINESS_DETAILS_ERRORS.saveFirst);
  return toBusinessDetailsDto(row);
}
