import { BlockList, isIP } from 'node:net';
import { itnParameterString, itnSignature } from './payfast-signature.ts';

/**
 * PayFast's ITN (instant transaction notification) checks of PAYFAST.md, in order: signature, source
 * address, amount, and PayFast's own confirmation. The caller answers 200 first and records the
 * outcome once per pf_payment_id; this module only decides whether the notification is genuine.
 */

/** PayFast's published ranges (PAYFAST.md); configurable, since PayFast may add more. */
export const PAYFAST_SOURCE_RANGES = [
  '197.97.145.144/28',
  '41.74.179.192/27',
  '102.216.36.0/28',
  '102.216.36.128/28',
  '144.126.193.139/32',
] as const;

export const ITN_STATUSES = ['COMPLETE', 'FAILED', 'PENDING', 'CANCELLED'] as const;
export type ItnStatus = (typeof ITN_STATUSES)[number];

export interface ItnEvent {
  mPaymentId: string;
  pfPaymentId: string;
  status: ItnStatus;
  amountGrossCents: number;
  /** A subscription's 36-character token (its ITNs carry one). */
  token: string | null;
  fields: Record<string, string>;
}

export type ItnVerdict = { ok: true; event: ItnEvent } | { ok: false; reason: string };

/** A form body that could not be read: bad percent-encoding, a NUL byte, or a field without a name. */
export class MalformedFormError extends Error {}

/** The posted form body as pairs, in the order received (the signature depends on it). */
export function parseItnBody(rawBody: string): Array<[string, string]> {
  const decode = (text: string) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      throw new MalformedFormError('malformed percent-encoding');
    }
    if (decoded.includes('\u0000')) throw new MalformedFormError('a NUL byte in a field');
    return decoded;
  };
  return rawBody
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const index = pair.indexOf('=');
      const key = decode(index === -1 ? pair : pair.slice(0, index));
      if (!key) throw new MalformedFormError('a field without a name');
      return [key, index === -1 ? '' : decode(pair.slice(index + 1))];
    });
}

/**
 * A form body read once, strictly: every field once, none after `signature`. What is signed and what is
 * acted on are then the same fields, so nothing unsigned (a repeated `payment_status` appended after
 * the signature) can override a signed value.
 */
export type SignedForm =
  | { ok: true; posted: Array<[string, string]>; fields: Record<string, string> }
  | { ok: false; reason: string };

const shown = (name: string) => JSON.stringify(name.length > 40 ? `${name.slice(0, 40)}…` : name);

export function readSignedForm(rawBody: string): SignedForm {
  let posted: Array<[string, string]>;
  try {
    posted = parseItnBody(rawBody);
  } catch (error) {
    if (error instanceof MalformedFormError) return { ok: false, reason: `malformed body: ${error.message}` };
    throw error;
  }
  // No prototype: a field named `__proto__` is a field like any other.
  const fields: Record<string, string> = Object.create(null);
  let signed = true;
  for (const [key, value] of posted) {
    if (!signed) return { ok: false, reason: `field ${shown(key)} after signature` };
    if (Object.hasOwn(fields, key)) return { ok: false, reason: `repeated field ${shown(key)}` };
    fields[key] = value;
    if (key === 'signature') signed = false;
  }
  return { ok: true, posted, fields };
}

/** Whether an address is in one of the ranges ('a.b.c.d/n' or a single address). */
export function isAllowedSource(address: string, ranges: readonly string[]): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  const family = isIP(plain);
  if (!family) return false;
  const list = new BlockList();
  for (const range of ranges) {
    const [network, bits] = range.split('/');
    if (!network || !isIP(network)) continue;
    const type = isIP(network) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(network, type);
    else list.addSubnet(network, Number(bits), type);
  }
  return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/** Rand with up to two decimals ("15.00", "-2.30") as cents; null when it is not an amount. */
export function randTextToCents(text: string | undefined): number | null {
  if (!text || !/^-?\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  const [whole, fraction = ''] = text.trim().replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return text.trim().startsWith('-') ? -cents : cents;
}

export interface ItnCheckOptions {
  /** The posted body, read once (readSignedForm): the caller records the same fields it decided on. */
  body: SignedForm;
  sourceIp: string;
  passphrase?: string;
  /** null skips the source check (the local simulator, in simulator mode only). */
  allowedRanges: readonly string[] | null;
  /** What we asked for with this m_payment_id; null when we never issued it. */
  expectedAmountCents: (mPaymentId: string) => Promise<number | null>;
  /** PayFast's server confirmation of the parameter string; null skips it (simulator mode). */
  confirm: ((parameterString: string) => Promise<string>) | null;
}

export async function verifyPayfastItn(options: ItnCheckOptions): Promise<ItnVerdict> {
  if (!options.body.ok) return { ok: false, reason: options.body.reason };
  const { posted, fields } = options.body;
  const signature = fields.signature;
  if (!signature || itnSignature(posted, options.passphrase) !== signature)
    return { ok: false, reason: 'signature mismatch' };
  if (options.allowedRanges && !isAllowedSource(options.sourceIp, options.allowedRanges))
    return { ok: false, reason: `source ${options.sourceIp} is not PayFast's` };
  const mPaymentId = fields.m_payment_id ?? '';
  const expected = mPaymentId ? await options.expectedAmountCents(mPaymentId) : null;
  if (expected === null) return { ok: false, reason: `unknown m_payment_id ${mPaymentId}` };
  const gross = randTextToCents(fields.amount_gross);
  if (gross === null || Math.abs(gross - expected) > 1) return { ok: false, reason: 'amount mismatch' };
  const status = fields.payment_status as ItnStatus;
  if (!ITN_STATUSES.includes(status)) return { ok: false, reason: `unknown payment_status ${status}` };
  if (!fields.pf_payment_id) return { ok: false, reason: 'missing pf_payment_id' };
  if (options.confirm) {
    const answer = (await options.confirm(itnParameterString(posted))).trim();
    if (answer !== 'VALID') return { ok: false, reason: `server confirmation said ${answer || 'nothing'}` };
  }
  return {
    ok: true,
    event: {
      mPaymentId,
      pfPaymentId: fields.pf_payment_id,
      status,
      amountGrossCents: gross,
      token: fields.token || null,
      fields,
    },
  };
}
