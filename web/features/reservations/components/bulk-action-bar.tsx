import { Alert, Button, CloseButton, Group, List, Paper, Text } from '@mantine/core';
import type { BulkAction, ReservationBulkResult } from '../../../../domain/schemas/reservation-list.ts';

const ACTIONS: { action: BulkAction; label: string; color?: string }[] = [
  { action: 'confirm', label: 'Confirm' },
  { action: 'cancel', label: 'Cancel reservations', color: 'red' },
  { action: 'send_quote', label: 'Send quote' },
];

/** What to do with the selected bookings; each goes through the one-at-a-time action on the server. */
export function BulkActionBar({
  count,
  busy,
  onAction,
  onClear,
}: {
  count: number;
  busy: BulkAction | null;
  onAction: (action: BulkAction) => void;
  onClear: () => void;
}) {
  if (count === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" role="region" aria-label="Bulk actions">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600} aria-live="polite">
          {count} selected
        </Text>
        <Group gap="xs" wrap="wrap">
          {ACTIONS.map(({ action, label, color }) => (
            <Button
              key={action}
              size="sm"
              variant="light"
              color={color}
              loading={busy === action}
              disabled={busy !== null && busy !== action}
              onClick={() => onAction(action)}
            >
              {label}
            </Button>
          ))}
          <Button size="sm" variant="subtle" onClick={onClear} disabled={busy !== null}>
            Clear selection
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** Each booking's outcome of the last bulk action, named by its reference. */
export function BulkResults({
  result,
  referenceOf,
  onClose,
}: {
  result: ReservationBulkResult | null;
  referenceOf: (id: string) => string;
  onClose: () => void;
}) {
  if (!result) return null;
  const refused = result.results.filter((item) => item.outcome === 'refused').length;
  return (
    <Alert
      color={refused ? 'yellow' : 'green'}
      title={`${result.results.length - refused} done, ${refused} refused`}
      role="status"
      withCloseButton={false}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <List size="sm" spacing={2}>
          {result.results.map((item) => (
            <List.Item key={item.id}>
              {referenceOf(item.id)}: {item.outcome === 'done' ? 'done' : `refused — ${item.message}`}
            </List.Item>
          ))}
        </List>
        <CloseButton aria-label="Dismiss results" onClick={onClose} />
      </Group>
    </Alert>
  );
}
