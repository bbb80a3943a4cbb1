import { type Kysely, sql } from 'kysely';
import type { Database, PropertyImage } from '../../db/types.ts';

type Executor = Kysely<Database>;

export interface NewImageRow {
  id: string;
  property_id: string;
  display_key: string;
  thumbnail_key: string;
  width: number;
  height: number;
}

/** Locks the property row for the rest of the transaction; undefined when it no longer exists. */
export function lockProperty(db: Executor, propertyId: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('properties').select('id').where('id', '=', propertyId).forUpdate().executeTakeFirst();
}

export async function countImages(db: Executor, propertyId: string): Promise<number> {
  const row = await db
    .selectFrom('property_images')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('property_id', '=', propertyId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Appends after the current last image (callers hold the property lock, so positions stay unique). */
export function insertImageAtEnd(db: Executor, image: NewImageRow): Promise<PropertyImage> {
  return db
    .insertInto('property_images')
    .values({
      ...image,
      position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM property_images WHERE property_id = ${image.property_id})`,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findImage(
  db: Executor,
  propertyId: string,
  imageId: string,
): Promise<PropertyImage | undefined> {
  return db
    .selectFrom('property_images')
    .selectAll()
    .where('id', '=', imageId)
    .where('property_id', '=', propertyId)
    .executeTakeFirst();
}

export async function deleteImageRow(db: Executor, imageId: string): Promise<void> {
  await db.deleteFrom('property_images').where('id', '=', imageId).execute();
}

export function listImagesOfProperty(db: Executor, propertyId: string): Promise<PropertyImage[]> {
  return db
    .selectFrom('property_images')
    .selectAll()
    .where('property_id', '=', propertyId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

/** Positions 0…n-1 in the given order, in one statement. */
export async function setImageOrder(db: Executor, propertyId: string, imageIds: string[]): Promise<void> {
  if (imageIds.length === 0) return;
  await sql`
    UPDATE property_images AS i
    SET position = o.ordinality - 1
    FROM unnest(${sql.val(imageIds)}::uuid[]) WITH ORDINALITY AS o(id, ordinality)
    WHERE i.id = o.id AND i.property_id = ${propertyId}
  `.execute(db);
}
