import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/types.ts';

type Executor = Kysely<Database>;

const VERSION_COLUMNS = ['id', 'owner_id', 'version', 'body', 'business_name', 'created_at'] as const;

/** The newest version of a business's agreement, if it wrote one. */
export function findLatestAgreement(db: Executor, ownerId: string) {
  return db
    .selectFrom('rental_agreements')
    .select(VERSION_COLUMNS)
    .where('owner_id', '=', ownerId)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type AgreementRow = NonNullable<Awaited<ReturnType<typeof findLatestAgreement>>>;

export function findAgreementVersion(db: Executor, ownerId: string, version: number) {
  return db
    .selectFrom('rental_agreements')
    .select(VERSION_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('version', '=', version)
    .executeTakeFirst();
}

export function findAgreementById(db: Executor, id: string) {
  return db.selectFrom('rental_agreements').select(VERSION_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findAgreementPdf(db: Executor, ownerId: string, version: number) {
  return db
    .selectFrom('rental_agreements')
    .select(['version', 'pdf'])
    .where('owner_id', '=', ownerId)
    .where('version', '=', version)
    .executeTakeFirst();
}

export function listAgreementVersions(db: Executor, ownerId: string) {
  return db
    .selectFrom('rental_agreements')
    .select(['version', 'created_at'])
    .where('owner_id', '=', ownerId)
    .orderBy('version', 'desc')
    .execute();
}

export function insertAgreement(
  db: Executor,
  row: {
    owner_id: string;
    version: number;
    body: string;
    business_name: string;
    pdf: Buffer;
    created_by: string;
  },
) {
  return db.insertInto('rental_agreements').values(row).returning(VERSION_COLUMNS).executeTakeFirstOrThrow();
}

/** Serialises saves of one business's agreement (two at once would both number theirs n + 1). */
export async function lockAgreementsOf(db: Executor, ownerId: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`rental_agreement:${ownerId}`}, 0))`.execute(db);
}
