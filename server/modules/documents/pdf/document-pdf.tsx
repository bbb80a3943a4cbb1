import { Document, Image, Page, renderToBuffer, Text, View } from '@react-pdf/renderer';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import type { DocumentSnapshot } from '../../../../domain/schemas/documents.ts';
import { AgreementHeading, AgreementText } from '../../agreements/agreement-pdf.tsx';
import { registerDocumentFonts } from './fonts.ts';
import { LinesTable, Totals } from './lines.tsx';
import { styles } from './styles.ts';

function Meta({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <View style={styles.metaRow}>
      <Text style={styles.metaLabel}>{label}</Text>
      <Text style={styles.metaValue}>{value}</Text>
    </View>
  );
}

function Lines({ text }: { text: string | null }) {
  return text ? <Text>{text.trim()}</Text> : null;
}

type SupplierDetails = Pick<
  DocumentSnapshot['business'],
  'tradingName' | 'address' | 'phone' | 'email' | 'vatNumber'
>;

/** The business as its documents and receipts print it: logo, trading name, address, contacts, VAT number. */
export function Supplier({ business, logo }: { business: SupplierDetails; logo: Buffer | null }) {
  return (
    <View style={styles.supplier}>
      {logo && <Image style={styles.logo} src={{ data: logo, format: 'png' }} />}
      <Text style={styles.tradingName}>{business.tradingName}</Text>
      <Lines text={business.address} />
      {business.phone && <Text>Tel: {business.phone}</Text>}
      {business.email && <Text>Email: {business.email}</Text>}
      {business.vatNumber && <Text style={styles.bold}>VAT No: {business.vatNumber}</Text>}
    </View>
  );
}

/** The supplier and the document's title and numbers. */
function Header({ snapshot, logo }: { snapshot: DocumentSnapshot; logo: Buffer | null }) {
  const { business } = snapshot;
  const numbered = snapshot.kind === 'invoice' || snapshot.kind === 'credit_note';
  return (
    <View style={styles.header}>
      <Supplier business={business} logo={logo} />
      <View style={styles.titleBlock}>
        <Text style={styles.title}>{snapshot.title}</Text>
        <Meta
          label={numbered ? 'Number' : 'Booking'}
          value={numbered ? snapshot.number : snapshot.reservation.reference}
        />
        <Meta label={numbered ? 'Date of issue' : 'Date'} value={formatDisplayDate(snapshot.issueDate)} />
        {numbered && <Meta label="Booking" value={snapshot.reservation.reference} />}
        <Meta
          label="Status"
          value={snapshot.kind === 'credit_note' ? null : snapshot.reservation.statusLabel}
        />
        <Meta label="Replaces" value={snapshot.replacesNumber} />
        <Meta label="Credits invoice" value={snapshot.creditsNumber} />
        <Meta label="Order no." value={snapshot.reservation.purchaseOrderNumber} />
        <Meta label="Voucher no." value={snapshot.reservation.voucherNumber} />
      </View>
    </View>
  );
}

/** Who the document is for and what was booked. */
function Parties({ snapshot }: { snapshot: DocumentSnapshot }) {
  const { recipient, reservation } = snapshot;
  return (
    <View style={styles.parties}>
      <View style={styles.party}>
        <Text style={styles.sectionLabel}>{snapshot.kind === 'quote' ? 'Quote for' : 'Bill to'}</Text>
        <Text style={styles.bold}>{recipient.name}</Text>
        <Lines text={recipient.address} />
        <Text style={styles.muted}>{recipient.email}</Text>
        {recipient.vatNumber && <Text>VAT No: {recipient.vatNumber}</Text>}
      </View>
      <View style={styles.party}>
        <Text style={styles.sectionLabel}>Booking</Text>
        <Text style={styles.bold}>{reservation.propertyTitle}</Text>
        {reservation.propertyLocation && <Text style={styles.muted}>{reservation.propertyLocation}</Text>}
        <Text>{reservation.when}</Text>
        <Text>
          {reservation.duration}
          {reservation.guests > 0
            ? ` · ${reservation.guests} guest${reservation.guests === 1 ? '' : 's'}`
            : ''}
        </Text>
      </View>
    </View>
  );
}

/** How to pay (EFT), the terms, and the deposit held. */
function Bottom({ snapshot }: { snapshot: DocumentSnapshot }) {
  const { bank, paymentTerms } = snapshot.business;
  const payable = snapshot.kind !== 'credit_note';
  const reference = snapshot.number ?? snapshot.reservation.reference;
  return (
    <View style={styles.bottom} wrap={false}>
      <View style={styles.bottomBox}>
        {payable && bank && (
          <>
            <Text style={styles.sectionLabel}>Payment by EFT</Text>
            {bank.name && <Text>Bank: {bank.name}</Text>}
            {bank.accountHolder && <Text>Account holder: {bank.accountHolder}</Text>}
            {bank.accountNumber && <Text>Account number: {bank.accountNumber}</Text>}
            {bank.branchCode && <Text>Branch code: {bank.branchCode}</Text>}
            {bank.accountType && <Text>Account type: {bank.accountType}</Text>}
            <Text style={styles.bold}>Payment reference: {reference}</Text>
          </>
        )}
      </View>
      <View style={styles.bottomBox}>
        {payable && paymentTerms && (
          <>
            <Text style={styles.sectionLabel}>Payment terms</Text>
            <Text>{paymentTerms}</Text>
          </>
        )}
        {payable && snapshot.depositHeldCents > 0 && (
          <Text style={styles.note}>
            Security deposit held: {formatRandCents(snapshot.depositHeldCents)} (refundable; not part of the
            balance due).
          </Text>
        )}
        <Text style={styles.note}>Amounts are in South African rand (ZAR).</Text>
      </View>
    </View>
  );
}

export function DocumentPdf({ snapshot, logo }: { snapshot: DocumentSnapshot; logo: Buffer | null }) {
  const name = snapshot.number
    ? `${snapshot.title} ${snapshot.number}`
    : `${snapshot.title} ${snapshot.reservation.reference}`;
  return (
    <Document
      title={name}
      author={snapshot.business.tradingName}
      creator="Rentza"
      producer="Rentza"
      language="en-ZA"
    >
      <Page size="A4" style={styles.page}>
        <View style={styles.content}>
          <Header snapshot={snapshot} logo={logo} />
          <Parties snapshot={snapshot} />
          {snapshot.creditReason && <Text style={styles.reason}>Reason: {snapshot.creditReason}</Text>}
          <LinesTable snapshot={snapshot} />
          <Totals snapshot={snapshot} />
          <Bottom snapshot={snapshot} />
          {snapshot.agreement && (
            <View break>
              <AgreementHeading
                agreement={{
                  businessName: snapshot.agreement.businessName,
                  version: snapshot.agreement.version,
                  acceptedAt: snapshot.agreement.acceptedAt,
                  acceptedBy: snapshot.recipient.name,
                  body: snapshot.agreement.body,
                }}
              />
              <AgreementText body={snapshot.agreement.body} />
            </View>
          )}
        </View>
        <View style={styles.footer} fixed>
          <Text>
            {snapshot.business.tradingName} · {name}
          </Text>
          {snapshot.poweredByRentza && <Text>Powered by Rentza</Text>}
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

/** The PDF of a document, laid out by @react-pdf/renderer with the embedded Noto Sans font. */
export async function renderDocumentPdf(snapshot: DocumentSnapshot, logo: Buffer | null): Promise<Buffer> {
  registerDocumentFonts();
  return renderToBuffer(<DocumentPdf snapshot={snapshot} logo={logo} />);
}
