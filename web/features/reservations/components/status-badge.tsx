import { Badge } from '@mantine/core';
import {
  RESERVATION_STATUSES,
  type ReservationStatus,
  STATUS_COLORS,
  statusLabel,
} from '../../../../domain/reservation.ts';

export function StatusBadge({ status, clientFacing = false }: { status: string; clientFacing?: boolean }) {
  const known = (RESERVATION_STATUSES as readonly string[]).includes(status);
  const color = known ? STATUS_COLORS[status as ReservationStatus] : STATUS_COLORS.pending;
  const label = clientFacing
    ? statusLabel(status)
    : known
      ? status.charAt(0).toUpperCase() + status.slice(1)
      : 'Unknown';
  return (
    // Never narrower than its word: a table column squeezed at 1280 px cut it to "PENDI…".
    <Badge color={color} variant="light" autoContrast miw="max-content" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}
