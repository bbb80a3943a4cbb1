import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { formatDisplayDate, formatDisplayDateTime } from '../../../../domain/dates.ts';
import { PHOTOGRAPHY_STATUS_LABELS, type PhotographyStatus } from '../../../../domain/photography.ts';
import type { PhotographyRequest } from '../api.ts';

const STATUS_COLORS: Record<PhotographyStatus, string> = {
  requested: 'blue',
  scheduled: 'violet',
  completed: 'teal',
  cancelled: 'gray',
};

export function ShootStatusBadge({ status }: { status: PhotographyStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light">
      {PHOTOGRAPHY_STATUS_LABELS[status]}
    </Badge>
  );
}

/** What a shoot is: its listings with their addresses, the dates asked for, when it is booked, notes. */
export function ShootDetails({ request }: { request: PhotographyRequest }) {
  return (
    <Stack gap={6}>
      <List size="sm" spacing={2} aria-label="Listings to photograph">
        {request.listings.map((listing) => (
          <List.Item key={listing.id}>
            <Text span fw={500} size="sm">
              {listing.title}
            </Text>
            <Text span size="sm" c="dimmed">
              {' '}
              — {listing.address}
            </Text>
            {listing.photos_uploaded > 0 && (
              <Text span size="sm">
                {' '}
                ({listing.photos_uploaded} photo{listing.photos_uploaded === 1 ? '' : 's'} added)
              </Text>
            )}
          </List.Item>
        ))}
      </List>
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          Preferred dates:{' '}
        </Text>
        {request.preferred_dates.map(formatDisplayDate).join(', ')}
      </Text>
      {request.scheduled_date && request.scheduled_time && (
        <Text size="sm" fw={500}>
          Shoot on {formatDisplayDate(request.scheduled_date)} at {request.scheduled_time}
        </Text>
      )}
      {request.notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          <Text span c="dimmed" size="sm">
            Notes:{' '}
          </Text>
          {request.notes}
        </Text>
      )}
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          Requested {formatDisplayDateTime(request.requested_at)}
        </Text>
        {request.completed_at && (
          <Text size="xs" c="dimmed">
            · Completed {formatDisplayDateTime(request.completed_at)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
