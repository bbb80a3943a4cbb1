import sharp from 'sharp';
import { lineAmounts } from '../../../../domain/billing.ts';
import { type DocumentLine, documentTotals } from '../../../../domain/documents.ts';
import type { DocumentSnapshot } from '../../../../domain/schemas/documents.ts';

/**
 * A realistic tax invoice (VAT vendor, six lines, a payment, a deposit held): the server renders it
 * once at start to warm the PDF renderer (warm-up.ts), and the documents bench times it.
 */

function line(
  description: string,
  quantity: number,
  unit: string | null,
  unitPriceCents: number,
  discountPercent = 0,
): DocumentLine {
  const amounts = lineAmounts({ quantity, unitPriceCents, taxPercent: 15, discountPercent });
  return { description, quantity, unit, unitPriceCents, discountPercent, taxPercent: 15, ...amounts };
}

export function sampleInvoice(): DocumentSnapshot {
  const lines = [
    line('Nights at Clifton Beach House (peak season, 20–24 December)', 4, 'night', 385_000, 10),
    line('Nights at Clifton Beach House (26–27 December)', 1, 'night', 295_000),
    line('Cleaning on departure', 1, 'ea', 65_000),
    line('Extra linen', 2, 'ea', 7_500),
    line('Gas bottle (9 kg)', 1, 'ea', 38_000),
    line('Late checkout', 1, null, 50_000),
  ];
  const totals = documentTotals(lines);
  const payments = 1_000_000;
  return {
    kind: 'invoice',
    title: 'Tax Invoice',
    number: 'INV-000042',
    issueDate: '2026-11-23',
    replacesNumber: null,
    creditsNumber: null,
    business: {
      tradingName: 'Thandi’s Coastal Stays (Pty) Ltd',
      address: '14 Victoria Road\nClifton\nCape Town\n8005',
      phone: '021 555 0142',
      email: 'accounts@coastalstays.co.za',
      vatRegistered: true,
      vatNumber: '4123456789',
      logoKey: null,
      bank: {
        name: 'First National Bank',
        accountHolder: 'Thandi’s Coastal Stays (Pty) Ltd',
        accountNumber: '62123456789',
        branchCode: '250655',
        accountType: 'Cheque',
      },
      paymentTerms:
        'Payment due within 7 days of the invoice date. Please use the invoice number as your reference.',
    },
    recipient: {
      name: 'Lerato Mokoena',
      email: 'lerato.mokoena@example.co.za',
      address: '7 Jan Smuts Avenue\nRosebank\nJohannesburg\n2196',
      vatNumber: '4987654321',
    },
    reservation: {
      reference: 'RZ-7K3M9Q',
      status: 'confirmed',
      statusLabel: 'Confirmed',
      propertyTitle: 'Clifton Beach House',
      propertyLocation: 'Victoria Road, Clifton, Cape Town',
      when: '20 December 2026 – 27 December 2026',
      duration: '7 nights',
      guests: 4,
      voucherNumber: null,
      purchaseOrderNumber: 'PO-2026-118',
    },
    lines,
    bookingLineOnly: false,
    totals,
    vatRatePercent: 15,
    paymentsCents: payments,
    balanceDueCents: Math.max(0, totals.totalCents - payments),
    depositHeldCents: 300_000,
  };
}

/** A small wordmark logo, drawn with sharp, as an owner might upload. */
export async function sampleLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160">
    <rect width="480" height="160" rx="24" fill="#0b7285"/>
    <circle cx="90" cy="80" r="46" fill="#ffd43b"/>
    <text x="160" y="100" font-family="DejaVu Sans, sans-serif" font-size="54" font-weight="bold" fill="#ffffff">Coastal</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
