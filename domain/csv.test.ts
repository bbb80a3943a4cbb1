import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvDate, csvDateTime, csvField, csvFileName, csvRand, csvRow, toCsv } from './csv.ts';
import {
  billingLineCsvCells,
  clientCsvCells,
  RESERVATION_CSV_HEADER,
  reservationCsvCells,
} from './exports-csv.ts';

describe('the CSV serializer (RFC 4180, decision 056)', () => {
  it.each([
    ['plain', 'plain'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [12, '12'],
    ['Zoë Nkosi', 'Zoë Nkosi'],
  ])('%j → %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('guards a cell a spreadsheet would run as a formula: %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('leaves numbers as numbers, negative ones too', () => {
    expect(csvField('-0.05')).toBe('-0.05');
    expect(csvField(-12)).toBe('-12');
    expect(csvField('1234.50')).toBe('1234.50');
  });

  it('ends every row, the last too, with CRLF', () => {
    expect(csvRow(['a', 'b'])).toBe('a,b\r\n');
    expect(
      toCsv(
        ['Name', 'Total (R)'],
        [
          ['Ann', '1.00'],
          ['Bob, Jr', '2.50'],
        ],
      ),
    ).toBe('Name,Total (R)\r\nAnn,1.00\r\n"Bob, Jr",2.50\r\n');
    expect(toCsv(['Only'], [])).toBe('Only\r\n');
  });

  it('writes en-ZA formats: rand with a point and no grouping, YYYY/MM/DD dates, a BOM', () => {
    expect(csvRand(123_456_789)).toBe('1234567.89');
    expect(csvRand(5)).toBe('0.05');
    expect(csvRand(0)).toBe('0.00');
    expect(csvRand(-150)).toBe('-1.50');
    expect(csvDate('2026-11-25')).toBe('2026/11/25');
    expect(csvDateTime('2026-03-12', '14:00')).toBe('2026/03/12 14:00');
    expect(CSV_BOM).toBe('\uFEFF');
    expect(csvFileName('clients', '2026-11-26')).toBe('rentza-clients-2026-11-26.csv');
  });
});

describe('the exports’ rows', () => {
  const stay = {
    reference: 'RZ-7K3M9Q',
    listing: 'Sea cottage',
    clientFirstName: 'Ann',
    clientLastName: 'Zulu',
    clientEmail: 'ann@example.co.za',
    propertyType: 'accommodation' as const,
    status: 'pending',
    startDate: '2026-12-01',
    endDate: '2026-12-04',
    startTime: null,
    endTime: null,
    totalCents: 450_000,
    balanceDueCents: 250_050,
    balanceDueOn: null,
    overdue: false,
  };

  it('a booking: dates, nights, the status label, money', () => {
    const cells = reservationCsvCells(stay);
    expect(cells).toHaveLength(RESERVATION_CSV_HEADER.length);
    expect(cells).toEqual([
      'RZ-7K3M9Q',
      'Sea cottage',
      'Ann Zulu',
      'ann@example.co.za',
      '2026/12/01',
      '2026/12/04',
      3,
      'night',
      'Pending Approval',
      '4500.00',
      '2500.50',
      '',
      '',
    ]);
    expect(reservationCsvCells({ ...stay, balanceDueOn: '2026-11-17', overdue: true }).slice(11)).toEqual([
      '2026/11/17',
      'Yes',
    ]);
  });

  it('an hourly booking with its times; a listing gone', () => {
    const cells = reservationCsvCells({
      ...stay,
      propertyType: 'event_space',
      endDate: '2026-12-02',
      startTime: '09:30',
      endTime: '13:00',
    });
    expect(cells.slice(4, 8)).toEqual(['2026/12/01 09:30', '2026/12/01 13:00', 3.5, 'hour']);
    expect(reservationCsvCells({ ...stay, listing: null, propertyType: null }).slice(1, 8)).toEqual([
      'Property Details Unavailable',
      'Ann Zulu',
      'ann@example.co.za',
      '2026/12/01',
      '2026/12/04',
      '',
      '',
    ]);
  });

  it('billing lines: a charge with VAT, a payment with its method and reference', () => {
    const line = {
      reference: 'RZ-7K3M9Q',
      date: '2026-12-01',
      kind: 'stock' as const,
      paymentMethod: null,
      description: 'Firewood',
      transactionRef: null,
      quantity: 2,
      unit: 'bag',
      unitPriceCents: 6_500,
      discountPercent: 0,
      taxPercent: 15,
      taxCents: 1_696,
      totalCents: 13_000,
      paymentAmountCents: null,
    };
    expect(billingLineCsvCells(line)).toEqual([
      'RZ-7K3M9Q',
      '2026/12/01',
      'Stock',
      'Firewood',
      2,
      'bag',
      '65.00',
      0,
      15,
      '16.96',
      '130.00',
    ]);
    expect(
      billingLineCsvCells({
        ...line,
        kind: 'payment',
        paymentMethod: 'payfast',
        description: 'Payment',
        transactionRef: 'PF-1',
        unit: null,
        totalCents: 0,
        paymentAmountCents: 20_000,
      }),
    ).toEqual([
      'RZ-7K3M9Q',
      '2026/12/01',
      'Payment (PayFast)',
      'Payment · PF-1',
      '',
      '',
      '',
      '',
      '',
      '',
      '200.00',
    ]);
    // A refund is money back: a negative payment, with how it was paid out.
    const refund = billingLineCsvCells({
      ...line,
      kind: 'refund',
      paymentMethod: null,
      payoutMethod: 'eft',
      description: 'Refund',
      transactionRef: 'EFT-9',
      unit: null,
      totalCents: 0,
      paymentAmountCents: 30_000,
    });
    expect([refund[2], refund[3], refund[10]]).toEqual(['Refund (EFT)', 'Refund · EFT-9', '-300.00']);
    expect(csvRow(refund)).toContain(',-300.00');
  });

  it('a client: status, registration and totals', () => {
    expect(
      clientCsvCells({
        firstName: 'Ann',
        lastName: 'Zulu',
        email: 'ann@example.co.za',
        phone: null,
        isActive: false,
        registered: true,
        bookings: 2,
        billedCents: 100,
        receivedCents: 50,
        balanceDueCents: 50,
      }),
    ).toEqual(['Ann Zulu', 'ann@example.co.za', '', 'Inactive', 'Registered', 2, '1.00', '0.50', '0.50']);
  });
});
