import { todayInBusinessZone } from '../../../domain/dates.ts';
import {
  bookingLine,
  type DocumentKind,
  type DocumentLine,
  documentTitle,
  documentTotals,
  invoiceContentKey,
} from '../../../domain/documents.ts';
import { bookedWhen } from '../../../domain/owner-units.ts';
import { placeLabel } from '../../../domain/property.ts';
import { statusLabel } from '../../../domain/reservation.ts';
import type { DocumentSnapshot } from '../../../domain/schemas/documents.ts';
import { type VatRate, vatRateOn } from '../../../domain/vat.ts';
import type { BusinessDetailsRow } from '../business-details/business-details.repository.ts';
import type { ReservationRow } from '../reservations/reservation.repository.ts';
import { toReservationDto } from '../reservations/reservation.schemas.ts';
import { type BillingLineRow, isChargeRow } from './documents.repository.ts';
import { paymentsPart } from './payments-received.ts';

/** Everything a document about a reservation is drawn from, read in one place (documents.service.ts). */
export interface DocumentSources {
  reservation: ReservationRow;
  client: { address: string | null; vat_number: string | null };
  lines: BillingLineRow[];
  /** The saved business details; null for a business that has not saved them (see supplierOf). */
  business: BusinessDetailsRow | null;
  owner: { first_name: string; last_name: string; email: string; phone: string | null };
  vatRates: VatRate[];
  /** The rental agreement version the client accepted (docs/decisions/037); null under Rentza's terms. */
  agreement?: { version: number; body: string; business_name: string } | null;
  /** The business's plan carries "Powered by Rentza" now (domain/entitlements.ts rentzaBranding). */
  rentzaBranding: boolean;
}

/** The supplier as printed: the saved details, or (never saved) the owner's name and contacts. */
function supplierOf(sources: DocumentSources): DocumentSnapshot['business'] {
  const { business, owner } = sources;
  if (!business) {
    return {
      tradingName: `${owner.first_name} ${owner.last_name}`.trim(),
      address: '',
      phone: owner.phone,
      email: owner.email,
      vatRegistered: false,
      vatNumber: null,
      logoKey: null,
      bank: null,
      paymentTerms: null,
    };
  }
  const hasBank = [business.bank_name, business.bank_account_number].some(Boolean);
  return {
    tradingName: business.trading_name,
    address: business.address,
    phone: business.phone,
    email: business.email ?? owner.email,
    vatRegistered: business.vat_registered,
    vatNumber: business.vat_registered ? business.vat_number : null,
    logoKey: business.logo_key,
    bank: hasBank
      ? {
          name: business.bank_name,
          accountHolder: business.bank_account_holder,
          accountNumber: business.bank_account_number,
          branchCode: business.bank_branch_code,
          accountType: business.bank_account_type,
        }
      : null,
    paymentTerms: business.payment_terms,
  };
}

const toLine = (row: BillingLineRow): DocumentLine => ({
  description: row.description,
  quantity: Number(row.quantity),
  unit: row.unit,
  unitPriceCents: row.unit_price_cents,
  discountPercent: Number(row.discount_percent),
  taxPercent: Number(row.tax_percent),
  subTotalCents: row.sub_total_cents,
  taxCents: row.tax_cents,
  totalCents: row.total_cents,
});

/**
 * The supplies a document lists: the reservation's charge lines (payments and the deposit's money
 * are not supplies), or for an older booking without any, one line for the booking as priced.
 */
export function documentLines(sources: DocumentSources): { lines: DocumentLine[]; bookingLineOnly: boolean } {
  const charges = sources.lines.filter(isChargeRow).map(toLine);
  if (charges.length > 0) return { lines: charges, bookingLineOnly: false };
  const dto = toReservationDto(sources.reservation);
  return {
    lines: [
      bookingLine({
        description: `${dto.property?.title ?? 'Booking'}: ${dto.duration}, ${bookedWhen(dto)}`,
        totalPriceCents: dto.total_price_cents,
        taxPercent: dto.tax_percent,
      }),
    ],
    bookingLineOnly: true,
  };
}

export function recipientOf(sources: DocumentSources): DocumentSnapshot['recipient'] {
  const { reservation, client } = sources;
  return {
    name: `${reservation.client_first_name} ${reservation.client_last_name}`.trim(),
    email: reservation.client_email,
    address: client.address,
    vatNumber: client.vat_number,
  };
}

export interface Numbering {
  number: string | null;
  replacesNumber?: string | null;
  issueDate?: string;
}

/** A confirmation, quote or invoice as the reservation stands now. */
export function buildSnapshot(
  kind: DocumentKind,
  sources: DocumentSources,
  numbering: Numbering,
): DocumentSnapshot {
  const dto = toReservationDto(sources.reservation);
  const business = supplierOf(sources);
  const issueDate = numbering.issueDate ?? todayInBusinessZone();
  const { lines, bookingLineOnly } = documentLines(sources);
  const totals = documentTotals(lines);
  return {
    kind,
    title: documentTitle(kind, business.vatRegistered),
    number: numbering.number,
    issueDate,
    replacesNumber: numbering.replacesNumber ?? null,
    creditsNumber: null,
    business,
    poweredByRentza: sources.rentzaBranding,
    recipient: recipientOf(sources),
    reservation: {
      reference: dto.reference,
      status: dto.status,
      statusLabel: statusLabel(dto.status),
      propertyTitle: dto.property?.title ?? 'Property Details Unavailable',
      propertyLocation: dto.property ? placeLabel(dto.property.location, dto.property.city) : null,
      when: bookedWhen(dto),
      duration: dto.duration,
      guests: dto.guests,
      voucherNumber: dto.voucher_number,
      purchaseOrderNumber: dto.purchase_order_number,
    },
    lines,
    bookingLineOnly,
    totals,
    vatRatePercent: business.vatRegistered ? vatRateOn(issueDate, sources.vatRates) : null,
    pricesIncludeVat: true,
    ...paymentsPart(totals.totalCents, sources.lines),
    agreement:
      kind === 'confirmation' && sources.agreement && sources.reservation.agreement_accepted_at
        ? {
            businessName: sources.agreement.business_name,
            version: sources.agreement.version,
            acceptedAt: new Date(sources.reservation.agreement_accepted_at).toISOString(),
            body: sources.agreement.body,
          }
        : null,
  };
}

/** A credit note reverses an invoice exactly: its supplier, recipient, lines and totals, under a new number. */
export function creditNoteSnapshot(
  invoice: DocumentSnapshot,
  credit: { number: string; issueDate: string; reason: string },
): DocumentSnapshot {
  return {
    ...invoice,
    kind: 'credit_note',
    title: documentTitle('credit_note', invoice.business.vatRegistered),
    number: credit.number,
    issueDate: credit.issueDate,
    replacesNumber: null,
    creditsNumber: invoice.number,
    creditReason: credit.reason,
  };
}

/** An invoice still stands while the reservation's lines, totals and recipient are what it says. */
export function sameInvoiceContent(invoice: DocumentSnapshot, current: DocumentSnapshot): boolean {
  return invoiceContentKey(invoice) === invoiceContentKey(current);
}
