import { describe, expect, it } from 'vitest';
import {
  type ItnCheckOptions,
  isAllowedSource,
  PAYFAST_SOURCE_RANGES,
  parseItnBody,
  randTextToCents,
  readSignedForm,
  verifyPayfastItn,
} from './payfast-itn.ts';
import { itnSignature, phpUrlEncode } from './payfast-signature.ts';

const PASSPHRASE = 'jt7NOE43FZPn';
const PAYFAST_IP = '197.97.145.150';

/** A signed ITN body, fields in the order given, as PayFast posts it. */
function itnBody(fields: Array<[string, string]>, passphrase = PASSPHRASE): string {
  const signature = itnSignature(fields, passphrase);
  return [...fields, ['signature', signature] as [string, string]]
    .map(([key, value]) => `${key}=${phpUrlEncode(value)}`)
    .join('&');
}

const complete: Array<[string, string]> = [
  ['m_payment_id', 'SUB_0001'],
  ['pf_payment_id', '1579137'],
  ['payment_status', 'COMPLETE'],
  ['item_name', 'Rentza Pro (monthly)'],
  ['item_description', ''],
  ['amount_gross', '299.00'],
  ['amount_fee', '-6.88'],
  ['amount_net', '292.12'],
  ['custom_str1', ''],
  ['name_first', 'Thandi'],
  ['email_address', 'thandi+owner@rentza.test'],
  ['merchant_id', '10000100'],
  ['token', 'dc0521d3-55fe-269b-fa00-b647310d760f'],
];

const options = (rawBody: string, overrides: Partial<ItnCheckOptions> = {}): ItnCheckOptions => ({
  body: readSignedForm(rawBody),
  sourceIp: PAYFAST_IP,
  passphrase: PASSPHRASE,
  allowedRanges: PAYFAST_SOURCE_RANGES,
  expectedAmountCents: async (id: string): Promise<number | null> => (id === 'SUB_0001' ? 29_900 : null),
  confirm: async () => 'VALID',
  ...overrides,
});

describe('PayFast ITN: the five checks', () => {
  it('accepts a genuine COMPLETE notification and reads it', async () => {
    const verdict = await verifyPayfastItn(options(itnBody(complete)));
    expect(verdict).toMatchObject({
      ok: true,
      event: {
        mPaymentId: 'SUB_0001',
        pfPaymentId: '1579137',
        status: 'COMPLETE',
        amountGrossCents: 29_900,
        token: 'dc0521d3-55fe-269b-fa00-b647310d760f',
      },
    });
  });

  it.each([
    [
      'a forged signature',
      () => itnBody(complete).replace(/signature=\w+/, 'signature=0123456789abcdef0123456789abcdef'),
      {},
      'signature mismatch',
    ],
    [
      'a changed amount after signing',
      () => itnBody(complete).replace('amount_gross=299.00', 'amount_gross=2.00'),
      {},
      'signature mismatch',
    ],
    ['the wrong passphrase', () => itnBody(complete, 'other'), {}, 'signature mismatch'],
    [
      'a source outside the allow-list',
      () => itnBody(complete),
      { sourceIp: '203.0.113.7' },
      "source 203.0.113.7 is not PayFast's",
    ],
    [
      'an m_payment_id we never issued',
      () => itnBody(complete),
      { expectedAmountCents: async (): Promise<number | null> => null },
      'unknown m_payment_id SUB_0001',
    ],
    [
      'an amount off by more than a cent',
      () => itnBody(complete),
      { expectedAmountCents: async (): Promise<number | null> => 29_800 },
      'amount mismatch',
    ],
    [
      'a server confirmation other than VALID',
      () => itnBody(complete),
      { confirm: async () => 'INVALID' },
      'server confirmation said INVALID',
    ],
  ] as const)('refuses %s', async (_label, body, overrides, reason) => {
    expect(await verifyPayfastItn(options(body(), overrides))).toEqual({ ok: false, reason });
  });

  it('a cent of difference is accepted; the simulator skips only the source and confirmation checks', async () => {
    expect(
      (await verifyPayfastItn(options(itnBody(complete), { expectedAmountCents: async () => 29_901 }))).ok,
    ).toBe(true);
    const simulated = await verifyPayfastItn(
      options(itnBody(complete), { sourceIp: '127.0.0.1', allowedRanges: null, confirm: null }),
    );
    expect(simulated.ok).toBe(true);
    const forged = await verifyPayfastItn(
      options(itnBody(complete).replace(/signature=\w+/, 'signature=x'), {
        allowedRanges: null,
        confirm: null,
      }),
    );
    expect(forged.ok).toBe(false);
  });

  it('sends PayFast the parameter string without the signature for confirmation', async () => {
    let sent = '';
    const confirm = async (text: string) => {
      sent = text;
      return 'VALID';
    };
    await verifyPayfastItn(options(itnBody(complete), { confirm }));
    expect(sent.startsWith('m_payment_id=SUB_0001&pf_payment_id=1579137')).toBe(true);
    expect(sent).not.toContain('signature=');
    expect(sent).toContain('email_address=thandi%2Bowner%40rentza.test');
  });
});

describe('helpers', () => {
  it.each([
    ['197.97.145.144', true],
    ['197.97.145.159', true],
    ['197.97.145.160', false],
    ['41.74.179.223', true],
    ['102.216.36.140', true],
    ['144.126.193.139', true],
    ['144.126.193.140', false],
    ['::ffff:41.74.179.200', true],
    ['not an address', false],
  ])('%s is PayFast’s: %s', (address, allowed) => {
    expect(isAllowedSource(address, PAYFAST_SOURCE_RANGES)).toBe(allowed);
  });

  it.each([
    ['15.00', 1_500],
    ['-2.30', -230],
    ['5', 500],
    ['0.5', 50],
    ['1.234', null],
    ['abc', null],
  ])('%s rand is %s cents', (text, cents) => {
    expect(randTextToCents(text)).toBe(cents);
  });

  it('reads a posted body in order, + as space, empty values kept', () => {
    expect(parseItnBody('a=1&b=&c=Order+%23000000020')).toEqual([
      ['a', '1'],
      ['b', ''],
      ['c', 'Order #000000020'],
    ]);
  });
});

describe('readSignedForm: one reading, every field once, nothing after the signature', () => {
  it('reads a signed body into the posted pairs and the same fields', () => {
    expect(readSignedForm('a=1&b=&signature=abc')).toEqual({
      ok: true,
      posted: [
        ['a', '1'],
        ['b', ''],
        ['signature', 'abc'],
      ],
      fields: Object.assign(Object.create(null), { a: '1', b: '', signature: 'abc' }),
    });
  });

  it.each([
    ['a=1&a=2&signature=x', 'repeated field "a"'],
    ['a=1&signature=x&a=2', 'field "a" after signature'],
    ['a=1&signature=x&signature=y', 'field "signature" after signature'],
    ['a=%ZZ', 'malformed body: malformed percent-encoding'],
    ['a=%00', 'malformed body: a NUL byte in a field'],
    ['=1', 'malformed body: a field without a name'],
  ])('%s is refused: %s', (body, reason) => {
    expect(readSignedForm(body)).toEqual({ ok: false, reason });
  });

  it('a field named __proto__ is a field like any other', () => {
    const form = readSignedForm('__proto__=1&signature=x');
    expect(form.ok && Object.getOwnPropertyDescriptor(form.fields, '__proto__')?.value).toBe('1');
  });
});
