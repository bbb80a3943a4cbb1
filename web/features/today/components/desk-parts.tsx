import { Anchor, Badge, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link } from 'react-router';
import { bookedWhen } from '../../../../domain/owner-units.ts';
import { StatusBadge } from '../../reservations/components/status-badge.tsx';
import type { TodayBooking } from '../api.ts';

/** Where a row opens its booking: Reservation Management's editor, as a notification's link does. */
export const editorPathOf = (id: string) => `/reservation-management?reservation=${id}`;

const clientName = (booking: TodayBooking) => `${booking.client.first_name} ${booking.client.last_name}`;

/**
 * One booking of the desk as a card that wraps on a phone: its reference (opening the editor),
 * status, listing, client and dates, then what the section says of it (a time, an amount) and any
 * actions.
 */
export function BookingLine({
  booking,
  lead,
  aside,
  actions,
}: {
  booking: TodayBooking;
  lead?: ReactNode;
  aside?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      component="li"
      aria-label={`${booking.reference}, ${booking.property?.title ?? 'Property Details Unavailable'}, ${clientName(booking)}`}
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap" align="center" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          {lead}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={editorPathOf(booking.id)} fw={600}>
                {booking.reference}
              </Anchor>
              <StatusBadge status={booking.status} />
            </Group>
            <Text size="sm" fw={500}>
              {booking.property?.title ?? 'Property Details Unavailable'}
            </Text>
            <Text size="sm" c="dimmed">
              {clientName(booking)} · {bookedWhen(booking)} · {booking.duration}
            </Text>
          </Stack>
        </Group>
        {(aside || actions) && (
          <Group gap="sm" wrap="wrap" justify="flex-end">
            {aside}
            {actions}
          </Group>
        )}
      </Group>
    </Paper>
  );
}

/** A section of the desk: a heading with its count, its rows, or what it says when there are none. */
export function DeskSection({
  title,
  count,
  empty,
  summary,
  children,
  level = 2,
}: {
  title: string;
  count: number;
  empty: string;
  summary?: ReactNode;
  children: ReactNode;
  level?: 2 | 3;
}) {
  const id = useId();
  const body = (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={level} size={level === 2 ? 'h3' : 'h4'} id={id}>
            {title}
          </Title>
          <Badge variant="light" color="gray" aria-label={`${count} in ${title}`}>
            {count}
          </Badge>
        </Group>
        {summary}
      </Group>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
  return level === 2 ? (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      {body}
    </Card>
  ) : (
    <section aria-labelledby={id}>{body}</section>
  );
}

export function DeskSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading today">
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={120} radius="md" />
      ))}
    </Stack>
  );
}
