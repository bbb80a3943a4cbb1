import { Text, View } from '@react-pdf/renderer';
import { formatDisplayDate } from '../../../domain/dates.ts';
import { formatRandCents } from '../../../domain/money.ts';
import type { CommissionStatementSnapshot } from '../../db/types.ts';
import { styles } from '../documents/pdf/styles.ts';

const WIDTHS = ['18%', '34%', '16%', '16%', '16%'] as const;

/** The bookings a commission statement bills, under its tax invoice's totals. */
export function CommissionSchedule({ snapshot }: { snapshot: CommissionStatementSnapshot }) {
  const head = ['Booking', 'Listing', 'Date', 'Booking total', 'Commission'];
  return (
    <View style={{ marginTop: 18 }}>
      <Text style={styles.sectionLabel}>
        Bookings (commission at {snapshot.ratePercent} % of each total, VAT included)
      </Text>
      <View style={styles.tableHead}>
        {head.map((label, index) => (
          <Text key={label} style={[index > 2 ? styles.num : styles.cell, { width: WIDTHS[index] }]}>
            {label}
          </Text>
        ))}
      </View>
      {snapshot.bookings.map((booking) => (
        <View key={`${booking.reference}-${booking.kind}`} style={styles.tableRow} wrap={false}>
          <Text style={[styles.cell, { width: WIDTHS[0] }]}>{booking.reference}</Text>
          <Text style={[styles.cell, { width: WIDTHS[1] }]}>
            {booking.kind === 'credit' ? `Reversed: ${booking.propertyTitle}` : booking.propertyTitle}
          </Text>
          <Text style={[styles.cell, { width: WIDTHS[2] }]}>{formatDisplayDate(booking.occurredOn)}</Text>
          <Text style={[styles.num, { width: WIDTHS[3] }]}>{formatRandCents(booking.baseCents)}</Text>
          <Text style={[styles.num, { width: WIDTHS[4] }]}>{formatRandCents(booking.amountCents)}</Text>
        </View>
      ))}
    </View>
  );
}
