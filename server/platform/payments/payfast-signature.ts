import { createHash } from 'node:crypto';

/**
 * PayFast signatures (../shared/payments/PAYFAST.md): the checkout form's, an ITN's and the
 * subscription API's. Each is the lowercase hex MD5 of `key=value` pairs joined with `&`, values
 * encoded like PHP's urlencode, with the passphrase appended when one is set.
 */

/** The checkout form's fields in PayFast's documented order (not alphabetical). */
export const CHECKOUT_FIELD_ORDER = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'notify_method',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'currency',
  'payment_method',
  'subscription_type',
  'billing_date',
  'recurring_amount',
  'frequency',
  'cycles',
  'subscription_notify_email',
  'subscription_notify_webhook',
  'subscription_notify_buyer',
] as const;
export type CheckoutField = (typeof CHECKOUT_FIELD_ORDER)[number];

/** PHP urlencode: spaces as `+`, upper-case escapes, only `A-Z a-z 0-9 - _ .` left as they are. */
export function phpUrlEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

const withPassphrase = (pairs: string, passphrase: string | undefined) =>
  passphrase?.trim() ? `${pairs}&passphrase=${phpUrlEncode(passphrase.trim())}` : pairs;

/**
 * The checkout form's ordered fields (trimmed; a field whose value is the empty string is left out,
 * "0" is kept) and their signature. Fields outside the documented list are refused: PayFast would
 * sign them differently.
 */
export function signCheckout(
  fields: Partial<Record<CheckoutField, string | number>>,
  passphrase?: string,
): { fields: Array<[CheckoutField, string]>; signature: string } {
  for (const key of Object.keys(fields)) {
    if (!(CHECKOUT_FIELD_ORDER as readonly string[]).includes(key))
      throw new Error(`PayFast checkout: unknown field ${key}`);
  }
  const ordered = CHECKOUT_FIELD_ORDER.flatMap((key): Array<[CheckoutField, string]> => {
    const value = fields[key];
    if (value === undefined) return [];
    const text = String(value).trim();
    return text === '' ? [] : [[key, text]];
  });
  const pairs = ordered.map(([key, value]) => `${key}=${phpUrlEncode(value)}`).join('&');
  return { fields: ordered, signature: md5(withPassphrase(pairs, passphrase)) };
}

/**
 * An ITN's expected signature: every posted field in the order received, up to (not including)
 * `signature`, empty ones included, values not trimmed.
 */
export function itnSignature(posted: ReadonlyArray<readonly [string, string]>, passphrase?: string): string {
  const end = posted.findIndex(([key]) => key === 'signature');
  const fields = end === -1 ? posted : posted.slice(0, end);
  const pairs = fields.map(([key, value]) => `${key}=${phpUrlEncode(value)}`).join('&');
  return md5(withPassphrase(pairs, passphrase));
}

/** The parameter string PayFast's server confirmation (`/eng/query/validate`) is sent. */
export function itnParameterString(posted: ReadonlyArray<readonly [string, string]>): string {
  const end = posted.findIndex(([key]) => key === 'signature');
  return (end === -1 ? posted : posted.slice(0, end))
    .map(([key, value]) => `${key}=${phpUrlEncode(value)}`)
    .join('&');
}

/** The subscription API's signature: headers and body merged with the passphrase, keys sorted. */
export function apiSignature(values: Record<string, string | number>, passphrase: string): string {
  const all: Record<string, string> = { passphrase };
  for (const [key, value] of Object.entries(values)) all[key] = String(value);
  const pairs = Object.keys(all)
    .sort()
    .map((key) => `${key}=${phpUrlEncode(all[key] as string)}`)
    .join('&');
  return md5(pairs);
}
