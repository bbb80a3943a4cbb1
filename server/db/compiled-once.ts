import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { registerPreparedStatement } from './prepared-statements.ts';
import type { Database } from './types.ts';

const PLACEHOLDER = Symbol('placeholder');
interface Placeholder {
  [PLACEHOLDER]: string;
}
/** Each value's placeholder: `true` for one value, the length for an array. */
type PlaceholderShape<P> = { [K in keyof P]: P[K] extends readonly unknown[] ? number : true };
type RowOf<C> = C extends Compilable<infer O> ? O : never;

const isPlaceholder = (value: unknown): value is Placeholder =>
  typeof value === 'object' && value !== null && PLACEHOLDER in value;

/**
 * A query on a hot path whose SQL text is compiled once (docs/decisions/067): `build` runs once, with
 * a placeholder object for each value, and every run sends that same text with its own values in the
 * placeholders' places. Kysely would otherwise build and compile the whole query tree on each call,
 * and PostgreSQL plan it again: the text goes as a named prepared statement (prepared-statements.ts),
 * so it must name its result columns (no `*`). `build` must give the same shape of query whatever the values (no branching on them, arrays of a
 * fixed length).
 */
export function compiledOnce<B extends (db: Kysely<Database>, values: never) => Compilable<unknown>>(
  build: B,
  placeholders: PlaceholderShape<Parameters<B>[1]>,
): (db: Kysely<Database>, values: Parameters<B>[1]) => Promise<RowOf<ReturnType<B>>[]> {
  type P = Parameters<B>[1];
  type O = RowOf<ReturnType<B>>;
  let compiled: { query: CompiledQuery<O>; slots: (Placeholder | unknown)[] } | null = null;
  return async (db, values) => {
    if (!compiled) {
      const stand = {} as Record<string, unknown>;
      for (const [key, shape] of Object.entries(placeholders)) {
        const place = (index?: number): Placeholder => ({
          [PLACEHOLDER]: index === undefined ? key : `${key}.${index}`,
        });
        stand[key] = shape === true ? place() : Array.from({ length: shape as number }, (_, i) => place(i));
      }
      const query = (build as (db: Kysely<Database>, values: P) => Compilable<O>)(db, stand as P).compile();
      registerPreparedStatement(query.sql);
      compiled = { query, slots: [...query.parameters] };
    }
    const { query, slots } = compiled;
    const parameters = slots.map((slot) => {
      if (!isPlaceholder(slot)) return slot;
      const [key, index] = slot[PLACEHOLDER].split('.') as [string, string | undefined];
      const value = (values as Record<string, unknown>)[key];
      if (index === undefined) return value;
      const list = value as readonly unknown[];
      if (list.length !== placeholders[key as keyof P])
        throw new Error(`compiledOnce: ${key} must have ${placeholders[key as keyof P]} values`);
      return list[Number(index)];
    });
    const result = await db.executeQuery<O>({ ...query, parameters });
    return result.rows;
  };
}
