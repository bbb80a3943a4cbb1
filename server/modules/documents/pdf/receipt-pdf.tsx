import { Document, Page, renderToBuffer, Text, View } from '@react-pdf/renderer';
import { formatRandCents } from '../../../../domain/money.ts';
import type { DocumentSnapshot } from '../../../../domain/schemas/documents.ts';
import { Supplier } from './document-pdf.tsx';
import { registerDocumentFonts } from './fonts.ts';
import { styles } from './styles.ts';

/** What a payment receipt prints (docs/decisions/064), drawn once when the payment settles. */
export interface ReceiptContent {
  number: string;
  /** '27 Nov 2026, 14:05' (Africa/Johannesburg). */
  receivedAt: string;
  business: Pick<
    DocumentSnapshot['business'],
    'tradingName' | 'address' | 'phone' | 'email' | 'vatNumber' | 'logoKey'
  >;
  client: { name: string; email: string };
  booking: { reference: string; propertyTitle: string; when: string };
  amountCents: number;
  /** The part of the amount that is the refundable security deposit. */
  securityDepositCents: number;
  method: string;
  gatewayPaymentId: string | null;
  reference: string;
  balanceDueCents: number;
}

function Row({ label, value, strong }: { label: string; value: string | null; strong?: boolean }) {
  if (!value) return null;
  return (
    <View style={strong ? styles.grandTotal : styles.totalRow}>
      <Text>{label}</Text>
      <Text>{value}</Text>
    </View>
  );
}

export function ReceiptPdf({ receipt, logo }: { receipt: ReceiptContent; logo: Buffer | null }) {
  const { business, client, booking } = receipt;
  const rentCents = receipt.amountCents - receipt.securityDepositCents;
  return (
    <Document
      title={`Payment receipt ${receipt.number}`}
      author={business.tradingName}
      creator="Rentza"
      producer="Rentza"
      language="en-ZA"
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.content}>
          <View style={styles.header}>
            <Supplier business={business} logo={logo} />
            <View style={styles.titleBlock}>
              <Text style={styles.title}>Payment receipt</Text>
              <View style={styles.metaRow}>
                <Text style={styles.metaLabel}>Receipt</Text>
                <Text style={styles.metaValue}>{receipt.number}</Text>
              </View>
              <View style={styles.metaRow}>
                <Text style={styles.metaLabel}>Received</Text>
                <Text style={styles.metaValue}>{receipt.receivedAt}</Text>
              </View>
              <View style={styles.metaRow}>
                <Text style={styles.metaLabel}>Booking</Text>
                <Text style={styles.metaValue}>{booking.reference}</Text>
              </View>
            </View>
          </View>
          <View style={styles.parties}>
            <View style={styles.party}>
              <Text style={styles.sectionLabel}>Received from</Text>
              <Text style={styles.bold}>{client.name}</Text>
              <Text style={styles.muted}>{client.email}</Text>
            </View>
            <View style={styles.party}>
              <Text style={styles.sectionLabel}>Booking</Text>
              <Text style={styles.bold}>{booking.propertyTitle}</Text>
              <Text>{booking.when}</Text>
            </View>
          </View>
          <View style={styles.totals} wrap={false}>
            {receipt.securityDepositCents > 0 && (
              <>
                <Row label="Towards the booking" value={formatRandCents(rentCents)} />
                <Row
                  label="Security deposit (refundable)"
                  value={formatRandCents(receipt.securityDepositCents)}
                />
              </>
            )}
            <Row label="Amount received" value={formatRandCents(receipt.amountCents)} strong />
            <Row label="Method" value={receipt.method} />
            <Row label="PayFast payment id" value={receipt.gatewayPaymentId} />
            <Row label="Our reference" value={receipt.reference} />
            <View style={styles.balance}>
              <Text>Balance still due</Text>
              <Text>{formatRandCents(receipt.balanceDueCents)}</Text>
            </View>
          </View>
          <Text style={styles.note}>
            This receipt confirms a payment received; it is not a tax invoice. Amounts are in South African
            rand (ZAR).
          </Text>
        </View>
        <View style={styles.footer} fixed>
          <Text>
            {business.tradingName} · Payment receipt {receipt.number}
          </Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** A payment receipt's PDF, laid out like the business's documents (embedded Noto Sans). */
export async function renderReceiptPdf(receipt: ReceiptContent, logo: Buffer | null): Promise<Buffer> {
  registerDocumentFonts();
  return renderToBuffer(<ReceiptPdf receipt={receipt} logo={logo} />);
}
