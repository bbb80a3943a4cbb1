import { describe, expect, it } from 'vitest';
import { describeChange, fieldLabel, formatAuditValue } from './audit-text.ts';

const plain = (text: string) => text.replace(/\s+/g, ' ');

describe('how a change reads in the history', () => {
  it.each([
    ['guests', 'Guests'],
    ['total_price_cents', 'Total'],
    ['payment_amount_cents', 'Payment amount'],
    ['permissions.canManageProperties', 'Permission: manage properties'],
  ])('%s → %s', (field, label) => {
    expect(fieldLabel(field)).toBe(label);
  });

  it('money in rand, days and moments en-ZA, yes/no and a dash for none', () => {
    expect(plain(formatAuditValue('unit_price_cents', 15_000))).toBe('R 150.00');
    expect(formatAuditValue('start_date', '2026-12-24')).toBe('24 December 2026');
    expect(formatAuditValue('is_active', false)).toBe('No');
    expect(formatAuditValue('end_time', null)).toBe('—');
    expect(formatAuditValue('guests', 2)).toBe('2');
  });

  it('a personal field says only that it changed', () => {
    expect(describeChange('special_requests', { redacted: true })).toBe(
      'Special requests changed (personal data is not kept in the log)',
    );
    expect(plain(describeChange('total_price_cents', { before: 200_000, after: 300_000 }))).toBe(
      'Total: R 2 000.00 → R 3 000.00',
    );
  });
});
