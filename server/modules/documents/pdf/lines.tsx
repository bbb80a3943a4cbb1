import { type Styles, Text, View } from '@react-pdf/renderer';
import { formatDisplayDate } from '../../../../domain/dates.ts';
import { quantityLabel } from '../../../../domain/documents.ts';
import { formatRandCents } from '../../../../domain/money.ts';
import type { DocumentSnapshot, PaymentReceived } from '../../../../domain/schemas/documents.ts';
import { formatPercent } from '../../../../domain/vat.ts';
import { styles } from './styles.ts';

type Line = DocumentSnapshot['lines'][number];
type Style = Styles[string];

interface Column {
  label: string;
  width: string;
  numeric?: boolean;
  value: (line: Line) => string;
}

const quantity = (line: Line) => quantityLabel(line.quantity, line.unit);
const discount = (line: Line) => (line.discountPercent > 0 ? formatPercent(line.discountPercent) : '–');

/**
 * The columns SARS asks of a tax invoice — description, quantity, value, VAT — and of anyone else's
 * invoice the amount only; a discount column appears when a line has one.
 */
function columnsFor(snapshot: DocumentSnapshot): Column[] {
  const vat = snapshot.business.vatRegistered;
  const discounted = snapshot.lines.some((line) => line.discountPercent > 0);
  const columns: Column[] = [
    { label: 'Description', width: '', value: (line) => line.description },
    { label: 'Qty', width: '9.5%', numeric: true, value: quantity },
    {
      label: vat ? (snapshot.pricesIncludeVat ? 'Unit price incl.' : 'Unit price excl.') : 'Unit price',
      width: '13%',
      numeric: true,
      value: (l) => formatRandCents(l.unitPriceCents),
    },
  ];
  if (discounted)
    columns.push({
      label: 'Disc.',
      width: '7%',
      numeric: true,
      value: discount,
    });
  if (vat) {
    columns.push(
      { label: 'VAT %', width: '7.5%', numeric: true, value: (l) => formatPercent(l.taxPercent) },
      { label: 'Excl. VAT', width: '13%', numeric: true, value: (l) => formatRandCents(l.subTotalCents) },
      { label: 'VAT', width: '11%', numeric: true, value: (l) => formatRandCents(l.taxCents) },
      { label: 'Incl. VAT', width: '13.5%', numeric: true, value: (l) => formatRandCents(l.totalCents) },
    );
  } else {
    columns.push({
      label: 'Amount',
      width: '16%',
      numeric: true,
      value: (l) => formatRandCents(l.totalCents),
    });
  }
  return columns;
}

function cellStyle(column: Column): Style {
  const base = column.numeric ? styles.num : styles.cell;
  return column.width ? { ...base, width: column.width } : { ...base, flex: 1 };
}

export function LinesTable({ snapshot }: { snapshot: DocumentSnapshot }) {
  const columns = columnsFor(snapshot);
  return (
    <View>
      <View style={styles.tableHead} fixed>
        {columns.map((column) => (
          <Text key={column.label} style={cellStyle(column)}>
            {column.label}
          </Text>
        ))}
      </View>
      {snapshot.lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are a fixed list in document order
        <View key={index} style={styles.tableRow} wrap={false}>
          {columns.map((column) => (
            <Text key={column.label} style={cellStyle(column)}>
              {column.value(line)}
            </Text>
          ))}
        </View>
      ))}
      {snapshot.bookingLineOnly && (
        <Text style={styles.note}>
          This booking has no itemised billing lines: the line above is the booking as priced when it was made
          (rental and cleaning).
        </Text>
      )}
    </View>
  );
}

function Amount({ label, cents, style = styles.totalRow }: { label: string; cents: number; style?: Style }) {
  return (
    <View style={style}>
      <Text>{label}</Text>
      <Text>{formatRandCents(cents)}</Text>
    </View>
  );
}

const GRAND_TOTAL_LABEL: Record<DocumentSnapshot['kind'], [vat: string, plain: string]> = {
  invoice: ['Total incl. VAT', 'Total'],
  confirmation: ['Total incl. VAT', 'Total'],
  quote: ['Quote total incl. VAT', 'Quote total'],
  credit_note: ['Amount credited incl. VAT', 'Amount credited'],
};

/** "Received 27 November 2026 · PayFast · BKP_…", or a refund: "Refunded … · EFT". */
function paymentLabel(payment: PaymentReceived): string {
  return [
    `${payment.refund ? 'Refunded' : 'Received'} ${formatDisplayDate(payment.date)}`,
    payment.method,
    payment.reference,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Sub-total, VAT per rate and the total; then what was paid and the balance due (not on a quote or credit note). */
export function Totals({ snapshot }: { snapshot: DocumentSnapshot }) {
  const { totals, business, kind } = snapshot;
  const [vatLabel, plainLabel] = GRAND_TOTAL_LABEL[kind];
  const settles = kind === 'invoice' || kind === 'confirmation';
  return (
    <View style={styles.totals} wrap={false}>
      {business.vatRegistered && (
        <>
          <Amount label="Total excl. VAT" cents={totals.subTotalCents} />
          {totals.vatByRate.length === 0 && <Amount label="VAT" cents={0} />}
          {totals.vatByRate.map((rate) => (
            <Amount
              key={rate.ratePercent}
              label={`VAT at ${formatPercent(rate.ratePercent)}${snapshot.pricesIncludeVat ? ' included' : ''}`}
              cents={rate.taxCents}
            />
          ))}
        </>
      )}
      <Amount
        label={business.vatRegistered ? vatLabel : plainLabel}
        cents={totals.totalCents}
        style={styles.grandTotal}
      />
      {settles && (
        <>
          <Amount
            label={
              snapshot.paymentsAsAt
                ? `Payments received as at ${formatDisplayDate(snapshot.paymentsAsAt)}`
                : 'Payments received'
            }
            cents={snapshot.paymentsCents}
          />
          {snapshot.paymentsReceived?.map((payment, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: payments are a fixed list in the order received
            <View key={index} style={styles.paymentRow}>
              <Text>{paymentLabel(payment)}</Text>
              <Text>{`${payment.refund ? '−' : ''}${formatRandCents(payment.amountCents)}`}</Text>
            </View>
          ))}
          <Amount label="Balance due" cents={snapshot.balanceDueCents} style={styles.balance} />
        </>
      )}
    </View>
  );
}
