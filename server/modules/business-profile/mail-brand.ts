import type { Kysely } from 'kysely';
import type { Entitlements } from '../../../domain/entitlements.ts';
import type { Database } from '../../db/types.ts';
import type { MailBrand } from '../../platform/mail/templates.ts';
import { findBusinessDetails, findOwner } from '../business-details/business-details.repository.ts';
import { imageUrl } from '../properties/property.schemas.ts';
import { entitlementsOf } from '../subscriptions/entitlements.ts';

/**
 * How a business's emails to its clients look: its logo (the one its documents print) or its name at
 * the top, and "Powered by Rentza" at the end while its plan carries Rentza branding (docs/decisions/038).
 */
export async function mailBrandOf(
  db: Kysely<Database>,
  ownerId: string,
  publicUrl: string,
): Promise<MailBrand> {
  const [details, owner, entitlements] = await Promise.all([
    findBusinessDetails(db, ownerId),
    findOwner(db, ownerId),
    entitlementsOf(db, ownerId),
  ]);
  return mailBrandFrom(details, owner, entitlements, publicUrl);
}

/** mailBrandOf from facts already read: the business details, the owner (if an owner) and the entitlements. */
export function mailBrandFrom(
  details: { trading_name: string; logo_key: string | null } | null | undefined,
  owner: { first_name: string; last_name: string } | null | undefined,
  entitlements: Pick<Entitlements, 'rentzaBranding'>,
  publicUrl: string,
): MailBrand {
  return {
    name: details?.trading_name ?? `${owner?.first_name ?? ''} ${owner?.last_name ?? ''}`.trim(),
    logoUrl: details?.logo_key ? `${publicUrl}${imageUrl(details.logo_key)}` : null,
    poweredByRentza: entitlements.rentzaBranding,
  };
}
