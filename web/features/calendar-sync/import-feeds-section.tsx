import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { addDays, formatDisplayDate, formatDisplayDateTime } from '../../../domain/dates.ts';
import { refusalOr } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import {
  type CalendarConflict,
  type CalendarFeed,
  useCalendarFeeds,
  useRemoveCalendarFeed,
  useSyncCalendarFeed,
} from './import-api.ts';
import { ImportFeedDialog } from './import-feed-dialog.tsx';

const days = (start: string, end: string) =>
  `${formatDisplayDate(start)} – ${formatDisplayDate(addDays(end, -1))}`;

function FeedRow({ feed, propertyId }: { feed: CalendarFeed; propertyId: string }) {
  const sync = useSyncCalendarFeed(propertyId);
  const remove = useRemoveCalendarFeed(propertyId);
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: `Remove ${feed.label}?`,
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text size="sm">Its blocked dates are removed and can be booked again on Rentza.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutateAsync(feed.id).then(
          () => notifySuccess('Calendar removed'),
          (error: unknown) => notifyError(refusalOr(error, 'Failed to remove the calendar')),
        ),
    });
  return (
    <Card withBorder radius="md" padding="md" component="li" aria-label={feed.label} data-feed={feed.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{feed.label}</Text>
            {feed.last_error ? (
              <Badge color="red" variant="light">
                Sync failed
              </Badge>
            ) : (
              <Badge color="teal" variant="light">
                {feed.event_count} event(s)
              </Badge>
            )}
            {feed.conflict_count > 0 && (
              <Badge color="red" variant="light">
                {feed.conflict_count} conflict(s)
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} aria-hidden />}
              loading={sync.isPending}
              aria-label={`Sync now: ${feed.label}`}
              onClick={() =>
                sync.mutate(feed.id, {
                  onSuccess: ({ sync: result }) =>
                    result.ok
                      ? notifySuccess(`${feed.label} synced`)
                      : notifyError(result.error ?? 'Sync failed'),
                  onError: (error) => notifyError(refusalOr(error, 'Failed to sync the calendar')),
                })
              }
            >
              Sync now
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-label={`Remove ${feed.label}`}
              onClick={confirmRemove}
            >
              Remove
            </Button>
          </Group>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {feed.url}
        </Text>
        <Text size="sm">
          Last synced: {feed.last_synced_at ? formatDisplayDateTime(feed.last_synced_at) : 'never'}
        </Text>
        {feed.last_error && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {feed.last_error}
            {feed.last_error_at ? ` (${formatDisplayDateTime(feed.last_error_at)})` : ''}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

function Conflicts({ conflicts }: { conflicts: readonly CalendarConflict[] }) {
  if (conflicts.length === 0) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title="Conflicts: these imported dates clash with Rentza"
    >
      <Stack gap="xs">
        <Text size="sm">
          The other calendar says these days are taken, but a booking or block here already holds them.
          Resolve each one (move or cancel one of the two); it disappears at the next sync.
        </Text>
        <Table.ScrollContainer minWidth={420}>
          <Table aria-label="Calendar conflicts" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Calendar</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Clashes with</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conflicts.map((conflict) => (
                <Table.Tr key={conflict.id}>
                  <Table.Td>{conflict.feed_label}</Table.Td>
                  <Table.Td>{days(conflict.start_date, conflict.end_date)}</Table.Td>
                  <Table.Td>{conflict.summary ?? conflict.external_uid ?? '—'}</Table.Td>
                  <Table.Td>{conflict.clash}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Alert>
  );
}

/** Imported calendars of a listing: add, sync now, remove; last sync, errors and conflicts shown. */
export function ImportFeedsSection({ propertyId }: { propertyId: string }) {
  const overview = useCalendarFeeds(propertyId);
  const [adding, setAdding] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="import-calendars">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h3" id="import-calendars">
            Imported calendars
          </Title>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Import a calendar
          </Button>
        </Group>
        {overview.isPending && (
          <Stack role="status" aria-label="Loading calendars">
            <Skeleton height={90} radius="md" />
          </Stack>
        )}
        {overview.isError && (
          <Alert color="red" role="alert">
            {refusalOr(overview.error, 'Failed to load the calendars')}
          </Alert>
        )}
        {overview.data && (
          <>
            <Conflicts conflicts={overview.data.conflicts} />
            {overview.data.feeds.length === 0 ? (
              <Text c="dimmed" size="sm">
                No calendars imported yet. Import your Airbnb, Booking.com or Google calendar so that dates
                booked there cannot be booked here.
              </Text>
            ) : (
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {overview.data.feeds.map((feed) => (
                  <FeedRow key={feed.id} feed={feed} propertyId={propertyId} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
      <ImportFeedDialog propertyId={propertyId} opened={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
