import { describe, expect, it } from 'vitest';
import { SupportRequestCreateSchema } from './schemas/support.ts';
import {
  canOpenAnotherRequest,
  compareSupportRequests,
  formatSupportAge,
  SUPPORT_BOUNDS,
  supportPlanOf,
  supportPriority,
  supportStateAfter,
} from './support.ts';

describe('who is answered first', () => {
  it('serves owners and staff by their business plan, clients and admins with the rest', () => {
    expect(supportPlanOf('owner', 'business')).toBe('business');
    expect(supportPlanOf('backoffice', 'pro')).toBe('pro');
    expect(supportPlanOf('frontoffice', null)).toBe('starter');
    expect(supportPlanOf('client', null)).toBeNull();
    expect(supportPlanOf('admin', null)).toBeNull();
  });

  it('puts Business first, then Pro, then Starter and everyone without a business together', () => {
    expect(supportPriority('business')).toBeLessThan(supportPriority('pro'));
    expect(supportPriority('pro')).toBeLessThan(supportPriority('starter'));
    expect(supportPriority(null)).toBe(supportPriority('starter'));
  });

  it('orders the inbox by plan, then oldest first: a newer Business request comes before older ones', () => {
    const requests = [
      { id: 'client-old', plan: null, created_at: '2026-11-01T08:00:00Z' },
      { id: 'starter-newer', plan: 'starter' as const, created_at: '2026-11-02T08:00:00Z' },
      { id: 'pro-new', plan: 'pro' as const, created_at: '2026-11-20T08:00:00Z' },
      { id: 'business-newest', plan: 'business' as const, created_at: '2026-11-25T08:00:00Z' },
      { id: 'pro-old', plan: 'pro' as const, created_at: '2026-11-03T08:00:00Z' },
      { id: 'business-old', plan: 'business' as const, created_at: '2026-11-10T08:00:00Z' },
    ];
    expect([...requests].sort(compareSupportRequests).map((request) => request.id)).toEqual([
      'business-old',
      'business-newest',
      'pro-old',
      'pro-new',
      'client-old',
      'starter-newer',
    ]);
  });

  it('keeps one order for requests of the same plan and instant', () => {
    const at = '2026-11-01T08:00:00Z';
    const a = { id: 'a', plan: 'pro' as const, created_at: at };
    const b = { id: 'b', plan: 'pro' as const, created_at: at };
    expect(compareSupportRequests(a, b)).toBeLessThan(0);
    expect(compareSupportRequests(b, a)).toBeGreaterThan(0);
  });
});

describe('a request’s life', () => {
  it('is answered by a reply, closed by an admin and opened again by the sender writing', () => {
    expect(supportStateAfter('adminReply')).toBe('answered');
    expect(supportStateAfter('close')).toBe('closed');
    expect(supportStateAfter('senderMessage')).toBe('open');
  });

  it('lets a user have at most ten requests not closed', () => {
    expect(SUPPORT_BOUNDS.openRequestsMax).toBe(10);
    expect(canOpenAnotherRequest(0)).toBe(true);
    expect(canOpenAnotherRequest(9)).toBe(true);
    expect(canOpenAnotherRequest(10)).toBe(false);
  });

  it('tells the inbox how long a request has waited', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(formatSupportAge('2026-11-26T11:59:30Z', now)).toBe('just now');
    expect(formatSupportAge('2026-11-26T11:15:00Z', now)).toBe('45 min');
    expect(formatSupportAge('2026-11-26T07:00:00Z', now)).toBe('5 h');
    expect(formatSupportAge('2026-11-25T11:00:00Z', now)).toBe('1 day');
    expect(formatSupportAge('2026-11-20T12:00:00Z', now)).toBe('6 days');
  });
});

describe('a new question’s bounds', () => {
  const valid = { subject: 'Deposit refund', message: 'When is my deposit paid back?' };

  it('trims and accepts a subject and message, and a reference in any case', () => {
    expect(SupportRequestCreateSchema.parse({ ...valid, booking_reference: ' rz-7k3m9q ' })).toEqual({
      ...valid,
      booking_reference: 'RZ-7K3M9Q',
    });
    expect(
      SupportRequestCreateSchema.parse({ ...valid, booking_reference: '' }).booking_reference,
    ).toBeNull();
    expect(SupportRequestCreateSchema.parse(valid).booking_reference).toBeUndefined();
  });

  it.each([
    ['an empty subject', { ...valid, subject: '   ' }, 'Subject is required'],
    ['a long subject', { ...valid, subject: 'x'.repeat(121) }, 'Subject must be 120 characters or fewer'],
    ['no message', { subject: 'Hi' }, 'Message is required'],
    ['a long message', { ...valid, message: 'x'.repeat(5001) }, 'Message must be 5000 characters or fewer'],
    [
      'a malformed reference',
      { ...valid, booking_reference: 'RZ-0000' },
      'A booking reference looks like RZ-7K3M9Q',
    ],
  ])('refuses %s', (_, input, message) => {
    const result = SupportRequestCreateSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
