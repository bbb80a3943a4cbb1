import { Table, Text } from '@mantine/core';
import { formatRand } from '../../../../domain/money.ts';
import type { Reservation } from '../api.ts';

/** What the saved reservation charges so far: the rental total and the deposit held. */
export function ReservationCharges({ reservation }: { reservation: Reservation }) {
  return (
    <Table withTableBorder variant="vertical" maw={520}>
      <Table.Caption>
        <Text size="sm" c="dimmed">
          Charges and payments per line are added in billing.
        </Text>
      </Table.Caption>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th>Rental ({reservation.duration})</Table.Th>
          <Table.Td>{formatRand(reservation.total_price_cents)}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Security deposit</Table.Th>
          <Table.Td>{formatRand(reservation.security_deposit_cents)}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}
