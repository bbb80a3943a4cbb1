import type { Kysely } from 'kysely';
import {
  AGREEMENT_MESSAGES,
  agreementInForce,
  nextVersion,
  normaliseAgreement,
} from '../../../domain/agreement.ts';
import { businessDateOf } from '../../../domain/dates.ts';
import { agreementFileName } from '../../../domain/documents.ts';
import { hasAddOn } from '../../../domain/entitlements.ts';
import type {
  AgreementEditor,
  AgreementInForce,
  AgreementInput,
  AgreementSaved,
  AgreementVersion,
} from '../../../domain/schemas/agreement.ts';
import type { Database, User } from '../../db/types.ts';
import { forbidden, notFound, unauthorized } from '../../http/errors.ts';
import { findBusinessDetails, findOwner } from '../business-details/business-details.repository.ts';
import { entitlementsOf } from '../subscriptions/entitlements.ts';
import {
  type AgreementRow,
  findAgreementPdf,
  findAgreementVersion,
  findLatestAgreement,
  insertAgreement,
  listAgreementVersions,
  lockAgreementsOf,
} from './agreement.repository.ts';
import { renderAgreementPdf } from './agreement-pdf.tsx';

export const agreementPdfUrl = (ownerId: string, version: number) =>
  `/api/agreements/${ownerId}/${version}/pdf`;

export function toAgreementDto(row: AgreementRow): AgreementVersion {
  return {
    owner_id: row.owner_id,
    version: row.version,
    body: row.body,
    business_name: row.business_name,
    created_at: new Date(row.created_at).toISOString(),
    pdf_url: agreementPdfUrl(row.owner_id, row.version),
  };
}

/** The name clients know the business by: its trading name, else the owner's name. */
export async function businessNameOf(db: Kysely<Database>, ownerId: string): Promise<string> {
  const details = await findBusinessDetails(db, ownerId);
  if (details) return details.trading_name;
  const owner = await findOwner(db, ownerId);
  if (!owner) throw notFound(AGREEMENT_MESSAGES.notFound);
  return `${owner.first_name} ${owner.last_name}`.trim();
}

/** The agreement a client booking with the business accepts now; null when Rentza's standard terms apply. */
export async function agreementInForceFor(
  db: Kysely<Database>,
  ownerId: string,
): Promise<AgreementRow | null> {
  const entitled = hasAddOn(await entitlementsOf(db, ownerId), 'custom_agreement');
  if (!entitled) return null;
  return agreementInForce(entitled, (await findLatestAgreement(db, ownerId)) ?? null);
}

/** The agreement is the business's contract: its owner writes it (docs/decisions/037). */
function ownerOf(user: User | null): string {
  if (!user) throw unauthorized();
  if (user.role !== 'owner') throw forbidden(AGREEMENT_MESSAGES.ownersOnly);
  return user.id;
}

/** GET /api/agreement: the owner's latest version, its history, and whether clients are asked to accept it. */
export async function getAgreementEditor(db: Kysely<Database>, user: User | null): Promise<AgreementEditor> {
  const ownerId = ownerOf(user);
  const [entitlements, latest, versions] = await Promise.all([
    entitlementsOf(db, ownerId),
    findLatestAgreement(db, ownerId),
    listAgreementVersions(db, ownerId),
  ]);
  return {
    has_add_on: hasAddOn(entitlements, 'custom_agreement'),
    latest: latest ? toAgreementDto(latest) : null,
    versions: versions.map((row) => ({
      version: row.version,
      created_at: new Date(row.created_at).toISOString(),
      pdf_url: agreementPdfUrl(ownerId, row.version),
    })),
  };
}

/**
 * PUT /api/agreement: a new version when the text changed (numbered under a per-business lock, its PDF
 * drawn once and kept), else the latest as it is. Needs the custom_agreement add-on in use.
 */
export async function saveAgreement(
  db: Kysely<Database>,
  user: User | null,
  input: AgreementInput,
): Promise<AgreementSaved> {
  const ownerId = ownerOf(user);
  if (!hasAddOn(await entitlementsOf(db, ownerId), 'custom_agreement'))
    throw forbidden(AGREEMENT_MESSAGES.addOnRequired);
  const body = normaliseAgreement(input.body);
  return db.transaction().execute(async (trx) => {
    await lockAgreementsOf(trx, ownerId);
    const latest = await findLatestAgreement(trx, ownerId);
    const step = nextVersion(latest ?? null, body);
    if (step.kind === 'unchanged' && latest) return { agreement: toAgreementDto(latest), created: false };
    const businessName = await businessNameOf(trx, ownerId);
    const pdf = await renderAgreementPdf({
      businessName,
      version: step.version,
      savedOn: businessDateOf(new Date()),
      body,
    });
    const row = await insertAgreement(trx, {
      owner_id: ownerId,
      version: step.version,
      body,
      business_name: businessName,
      pdf,
      created_by: ownerId,
    });
    return { agreement: toAgreementDto(row), created: true };
  });
}

/** GET /api/agreements/:ownerId (public): what a client booking with the business is asked to accept. */
export async function getAgreementInForce(db: Kysely<Database>, ownerId: string): Promise<AgreementInForce> {
  const row = await agreementInForceFor(db, ownerId);
  return { agreement: row ? toAgreementDto(row) : null };
}

/**
 * GET /api/agreements/:ownerId/:version (public): a version as it was saved. Every version stays
 * readable, also after the add-on ends: bookings made under it keep showing it.
 */
export async function getAgreementVersion(
  db: Kysely<Database>,
  ownerId: string,
  version: number,
): Promise<AgreementVersion> {
  const row = await findAgreementVersion(db, ownerId, version);
  if (!row) throw notFound(AGREEMENT_MESSAGES.notFound);
  return toAgreementDto(row);
}

export async function getAgreementPdf(db: Kysely<Database>, ownerId: string, version: number) {
  const row = await findAgreementPdf(db, ownerId, version);
  if (!row) throw notFound(AGREEMENT_MESSAGES.notFound);
  return { pdf: Buffer.from(row.pdf), fileName: agreementFileName(row.version) };
}
