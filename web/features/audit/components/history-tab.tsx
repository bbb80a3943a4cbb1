import { Alert, Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../../domain/dates.ts';
import { ApiError } from '../../../lib/api.ts';
import { useReservationHistory } from '../api.ts';
import { AuditChangesList } from './audit-changes.tsx';
import { actionLabel, entityLabel } from './audit-text.ts';

/** The reservation editor's History tab (docs/decisions/051): who changed what, newest first. */
export default function HistoryTab({ reservationId }: { reservationId: string }) {
  const history = useReservationHistory(reservationId);
  if (history.isPending)
    return (
      <Stack role="status" aria-busy="true" aria-label="Loading history">
        <Skeleton height={72} />
        <Skeleton height={72} />
        <Skeleton height={72} />
      </Stack>
    );
  if (history.isError)
    return (
      <Alert color="red" role="alert">
        {history.error instanceof ApiError ? history.error.message : 'Failed to load the history'}
      </Alert>
    );
  const { entries } = history.data;
  if (entries.length === 0)
    return (
      <Alert color="blue" title="No history yet">
        Changes to this reservation, its billing lines and documents will be listed here.
      </Alert>
    );
  return (
    <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Reservation history">
      {entries.map((entry) => (
        <Paper component="li" key={entry.id} withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <div>
              <Text fw={600} size="sm">
                {entry.summary ??
                  `${entityLabel(entry.entity_type)} ${actionLabel(entry.action).toLowerCase()}`}
              </Text>
              <Text size="xs" c="dimmed">
                <time dateTime={entry.occurred_at}>{formatDisplayDateTime(entry.occurred_at)}</time> ·{' '}
                {entry.actor_name}
              </Text>
            </div>
            <Group gap={4}>
              <Badge variant="light" size="sm">
                {entityLabel(entry.entity_type)}
              </Badge>
              <Badge variant="outline" size="sm">
                {actionLabel(entry.action)}
              </Badge>
            </Group>
          </Group>
          <Stack gap={0} mt={6}>
            <AuditChangesList changes={entry.changes} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
