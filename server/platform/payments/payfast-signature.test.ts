import { describe, expect, it } from 'vitest';
import { apiSignature, itnSignature, phpUrlEncode, signCheckout } from './payfast-signature.ts';

describe('PayFast signatures: the verified vectors of PAYFAST.md', () => {
  it('A: an ITN without a passphrase, empty fields included, in the order received', () => {
    const posted: Array<[string, string]> = [
      ['m_payment_id', '000000020'],
      ['pf_payment_id', '1579137'],
      ['payment_status', 'COMPLETE'],
      ['item_name', 'Order #000000020'],
      ['item_description', ''],
      ['amount_gross', '15.00'],
      ['amount_fee', '-2.30'],
      ['amount_net', '12.70'],
      ['custom_str1', ''],
      ['custom_str2', ''],
      ['custom_str3', ''],
      ['custom_str4', ''],
      ['custom_str5', ''],
      ['custom_int1', ''],
      ['custom_int2', ''],
      ['custom_int3', ''],
      ['custom_int4', ''],
      ['custom_int5', ''],
      ['name_first', 'Tom'],
      ['name_last', 'Tom'],
      ['email_address', 'lindley+user1@appinlet.com'],
      ['merchant_id', '10027938'],
      ['signature', '4078bca2c8987e0e0c4e7230f2f46323'],
    ];
    expect(itnSignature(posted)).toBe('4078bca2c8987e0e0c4e7230f2f46323');
    // Reordered, it no longer matches: the order received is part of what is signed.
    expect(itnSignature([posted[1], posted[0], ...posted.slice(2)] as Array<[string, string]>)).not.toBe(
      '4078bca2c8987e0e0c4e7230f2f46323',
    );
  });

  const subscription = {
    merchant_id: '10028084',
    merchant_key: '4hjoenwbwnuso',
    return_url: 'https://test.com/billing/success',
    cancel_url: 'https://test.com/billing/cancel',
    notify_url: 'https://test.com/payfast/webhook',
    name_first: 'Test',
    name_last: 'Test',
    email_address: 'test@test.com',
    m_payment_id: '5',
    amount: '5.00',
    item_name: 'Test',
    custom_int1: '1',
    custom_int2: '1',
    custom_str1: 'U29tZSBUZXN0IFN0cmluZw',
    custom_str2: 'QW5vdGhlciBUZXN0IFN0cmluZw',
    email_confirmation: '1',
    confirmation_address: 'test@test.test',
    subscription_type: '1',
    billing_date: '2023-01-01',
    recurring_amount: '5',
    frequency: '3',
    cycles: '0',
  } as const;

  it('B: a subscription checkout with a passphrase, in the documented order, cycles=0 kept', () => {
    expect(signCheckout(subscription, 'payfastsandbox').signature).toBe('3441682c5d8a65486f5b7cc8ce41d146');
    const { cycles: _dropped, ...withoutCycles } = subscription;
    expect(signCheckout(withoutCycles, 'payfastsandbox').signature).toBe('0e0f32548edb257cf86105d9291e4c0d');
  });

  it('B: the field order is PayFast’s whatever order the object has; empty strings are left out', () => {
    const shuffled = Object.fromEntries(Object.entries(subscription).reverse());
    const signed = signCheckout({ ...shuffled, item_description: '  ' }, 'payfastsandbox');
    expect(signed.signature).toBe('3441682c5d8a65486f5b7cc8ce41d146');
    expect(signed.fields.map(([key]) => key).slice(0, 3)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
    ]);
    expect(() => signCheckout({ ...subscription, extra: 'x' } as never)).toThrow(/unknown field extra/);
  });

  it('C: the subscription API signature (keys sorted, passphrase merged)', () => {
    expect(
      apiSignature(
        { 'merchant-id': '10000100', timestamp: '2024-01-01T12:00:00+02:00', version: 'v1' },
        'jt7NOE43FZPn',
      ),
    ).toBe('3d1a0d15f44e7a6113f6a906f39d94af');
  });

  it.each([
    ['a b', 'a+b'],
    ["it's (ok)!", 'it%27s+%28ok%29%21'],
    ['~*', '%7E%2A'],
    ['A-Z_a.z', 'A-Z_a.z'],
    ['R 1 234/5', 'R+1+234%2F5'],
    ['é', '%C3%A9'],
  ])('urlencodes %j like PHP: %s', (value, encoded) => {
    expect(phpUrlEncode(value)).toBe(encoded);
  });
});
