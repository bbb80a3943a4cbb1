type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** A URL query from an object: empty values are left out, arrays repeat their key. */
export function toQueryString(params: object): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as Array<[string, QueryValue]>) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) query.append(key, String(item));
    else query.set(key, String(value));
  }
  return query.toString();
}
