import { Document, Page, renderToBuffer, type Styles, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { formatDisplayDate } from '../../../domain/dates.ts';
import { formatRandCents } from '../../../domain/money.ts';
import { PLANS } from '../../../domain/plans.ts';
import {
  formatPlatformInvoiceNumber,
  platformInvoiceAmounts,
} from '../../../domain/subscription-invoices.ts';
import { formatPercent } from '../../../domain/vat.ts';
import type { SubscriptionInvoiceSnapshot } from '../../db/types.ts';
import { registerDocumentFonts } from '../documents/pdf/fonts.ts';
import { styles } from '../documents/pdf/styles.ts';

/** A subscription_invoices row as the PDF reads it. */
export interface PlatformInvoice {
  number: number;
  invoiceDate: string;
  description: string;
  planId: keyof typeof PLANS;
  amountCents: number;
  vatCents: number;
  vatRatePercent: number;
  periodStart: string;
  periodEnd: string;
  status: 'paid' | 'pending' | 'failed';
  snapshot: SubscriptionInvoiceSnapshot;
  /** What the invoice is for, beside the buyer: the plan unless told (a commission statement names its month). */
  subject?: { label: string; title: string };
}

const STATUS_LABELS: Record<PlatformInvoice['status'], string> = {
  paid: 'Paid',
  pending: 'Pending',
  failed: 'Failed',
};

const TITLE = 'Tax Invoice';

function Meta({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.metaRow}>
      <Text style={styles.metaLabel}>{label}</Text>
      <Text style={styles.metaValue}>{value}</Text>
    </View>
  );
}

type Style = Styles[string];

function Amount({ label, cents, style = styles.totalRow }: { label: string; cents: number; style?: Style }) {
  return (
    <View style={style}>
      <Text>{label}</Text>
      <Text>{formatRandCents(cents)}</Text>
    </View>
  );
}

/** Rentza (the supplier, as SARS requires it on a tax invoice) and the invoice's number, date and status. */
function Header({ invoice }: { invoice: PlatformInvoice }) {
  const { seller } = invoice.snapshot;
  return (
    <View style={styles.header}>
      <View style={styles.supplier}>
        <Text style={styles.tradingName}>{seller.legalName}</Text>
        <Text>{seller.address}</Text>
        <Text>Email: {seller.email}</Text>
        <Text style={styles.bold}>VAT No: {seller.vatNumber}</Text>
      </View>
      <View style={styles.titleBlock}>
        <Text style={styles.title}>{TITLE}</Text>
        <Meta label="Number" value={formatPlatformInvoiceNumber(invoice.number)} />
        <Meta label="Date of issue" value={formatDisplayDate(invoice.invoiceDate)} />
        <Meta label="Status" value={STATUS_LABELS[invoice.status]} />
      </View>
    </View>
  );
}

function Parties({ invoice }: { invoice: PlatformInvoice }) {
  const { buyer } = invoice.snapshot;
  return (
    <View style={styles.parties}>
      <View style={styles.party}>
        <Text style={styles.sectionLabel}>Bill to</Text>
        {buyer.businessName && <Text style={styles.bold}>{buyer.businessName}</Text>}
        <Text style={buyer.businessName ? {} : styles.bold}>{buyer.name}</Text>
        {buyer.address && <Text>{buyer.address.trim()}</Text>}
        <Text style={styles.muted}>{buyer.email}</Text>
        {buyer.vatNumber && <Text>VAT No: {buyer.vatNumber}</Text>}
      </View>
      <View style={styles.party}>
        <Text style={styles.sectionLabel}>{invoice.subject?.label ?? 'Subscription'}</Text>
        <Text style={styles.bold}>{invoice.subject?.title ?? `${PLANS[invoice.planId].name} plan`}</Text>
        <Text>
          {formatDisplayDate(invoice.periodStart)} – {formatDisplayDate(invoice.periodEnd)}
        </Text>
      </View>
    </View>
  );
}

function Line({ invoice }: { invoice: PlatformInvoice }) {
  const amounts = platformInvoiceAmounts(invoice);
  return (
    <View>
      <View style={styles.tableHead}>
        <Text style={[styles.cell, { width: '40%' }]}>Description</Text>
        <Text style={[styles.cell, { width: '36%' }]}>Period</Text>
        <Text style={[styles.num, { width: '24%' }]}>Amount excl. VAT</Text>
      </View>
      <View style={styles.tableRow} wrap={false}>
        <Text style={[styles.cell, { width: '40%' }]}>{invoice.description}</Text>
        <Text style={[styles.cell, { width: '36%' }]}>
          {formatDisplayDate(invoice.periodStart)} – {formatDisplayDate(invoice.periodEnd)}
        </Text>
        <Text style={[styles.num, { width: '24%' }]}>{formatRandCents(amounts.exclusiveCents)}</Text>
      </View>
    </View>
  );
}

function Totals({ invoice }: { invoice: PlatformInvoice }) {
  const amounts = platformInvoiceAmounts(invoice);
  const paid = invoice.status === 'paid';
  return (
    <View style={styles.totals} wrap={false}>
      <Amount label="Amount excl. VAT" cents={amounts.exclusiveCents} />
      <Amount label={`VAT at ${formatPercent(invoice.vatRatePercent)}`} cents={amounts.vatCents} />
      <Amount label="Total incl. VAT" cents={amounts.totalCents} style={styles.grandTotal} />
      <Amount label={paid ? 'Paid' : 'Balance due'} cents={amounts.totalCents} style={styles.balance} />
    </View>
  );
}

export function PlatformInvoicePdf({
  invoice,
  appendix,
}: {
  invoice: PlatformInvoice;
  appendix?: ReactNode;
}) {
  const name = `${TITLE} ${formatPlatformInvoiceNumber(invoice.number)}`;
  const { seller } = invoice.snapshot;
  return (
    <Document title={name} author={seller.legalName} creator="Rentza" producer="Rentza" language="en-ZA">
      <Page size="A4" style={styles.page}>
        <View style={styles.content}>
          <Header invoice={invoice} />
          <Parties invoice={invoice} />
          <Line invoice={invoice} />
          <Totals invoice={invoice} />
          {appendix}
          <View style={styles.bottom} wrap={false}>
            <View style={styles.bottomBox}>
              {invoice.status === 'paid' && <Text style={styles.bold}>Paid in full. Thank you.</Text>}
              <Text style={styles.note}>Amounts are in South African rand (ZAR).</Text>
            </View>
            <View style={styles.bottomBox}>
              <Text style={styles.note}>Questions about this invoice: {seller.email}</Text>
            </View>
          </View>
        </View>
        <View style={styles.footer} fixed>
          <Text>
            {seller.legalName} · {name}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The PDF of a Rentza tax invoice, laid out like the business documents (same font and styles). */
export async function renderPlatformInvoicePdf(
  invoice: PlatformInvoice,
  appendix?: ReactNode,
): Promise<Buffer> {
  registerDocumentFonts();
  return renderToBuffer(<PlatformInvoicePdf invoice={invoice} appendix={appendix} />);
}
