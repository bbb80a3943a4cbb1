import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { Link } from 'react-router';
import { ArchivedBadge } from '../../../components/archived-badge.tsx';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type OwnedProperty, useDeleteProperty, useRestoreProperty } from '../api.ts';
import type { HomepageBoosts } from '../boost-api.ts';
import { BoostButton } from './boost-panel.tsx';

const DELETE_QUESTION = 'Are you sure you want to delete this property?';
const ARCHIVE_NOTICE =
  'This property has reservations, so it will be archived instead of deleted: it disappears from search and takes no new bookings, its reservations keep showing it, and you can restore it later.';

function RestoreButton({ property, fullWidth }: { property: OwnedProperty; fullWidth: boolean }) {
  const restore = useRestoreProperty();
  return (
    <Button
      size="xs"
      variant="light"
      fullWidth={fullWidth}
      loading={restore.isPending}
      onClick={() =>
        // The promise, not mutate's callbacks: this button unmounts once the listing is live again.
        restore.mutateAsync(property.id).then(
          () => notifySuccess('Property restored successfully'),
          (error: unknown) =>
            notifyError(error instanceof ApiError ? error.message : 'Failed to restore property'),
        )
      }
    >
      Restore
    </Button>
  );
}

/**
 * An owner's actions on a listing: Create Reservation (or Restore when archived), Boost, Calendar
 * sync, Edit and Delete. Stacked under a card, or `inline` in one row of the list view.
 */
export function ListingActions({
  property,
  boosts,
  onEdit,
  inline = false,
}: {
  property: OwnedProperty;
  boosts: HomepageBoosts | undefined;
  onEdit: () => void;
  inline?: boolean;
}) {
  const remove = useDeleteProperty();
  const archives = property.has_reservations;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: archives ? 'Archive property' : 'Delete property',
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Stack gap="xs">
          <Text size="sm">{DELETE_QUESTION}</Text>
          {archives && <Text size="sm">{ARCHIVE_NOTICE}</Text>}
        </Stack>
      ),
      labels: { confirm: archives ? 'Archive' : 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      // The promise, not mutate's callbacks: a deleted listing's card unmounts before they would run.
      onConfirm: () =>
        remove.mutateAsync(property.id).then(
          (archived) =>
            notifySuccess(archived ? 'Property archived successfully' : 'Property deleted successfully'),
          (error: unknown) =>
            notifyError(error instanceof ApiError ? error.message : 'Failed to delete property'),
        ),
    });
  const primary = property.archived_at ? (
    <RestoreButton property={property} fullWidth={!inline} />
  ) : (
    <Button size="xs" variant="light" component={Link} to={`/reservation/${property.id}`} fullWidth={!inline}>
      Create Reservation
    </Button>
  );
  const boost = boosts && <BoostButton property={property} boosts={boosts} fullWidth={!inline} />;
  // An archived listing takes no bookings, so it has no calendar to share or import.
  const calendarSync = !property.archived_at && (
    <Button
      size="xs"
      variant="default"
      component={Link}
      to={`/property-management/${property.id}/calendar-sync`}
      fullWidth={!inline}
      aria-label={`Calendar sync: ${property.title}`}
    >
      Calendar sync
    </Button>
  );
  const editAndDelete = (
    <>
      <Button size="xs" variant="default" onClick={onEdit}>
        Edit
      </Button>
      {!property.archived_at && (
        <Button size="xs" variant="subtle" color="red" onClick={confirmDelete} loading={remove.isPending}>
          Delete
        </Button>
      )}
    </>
  );
  if (inline)
    return (
      <Group gap="xs" wrap="wrap">
        {primary}
        {boost}
        {calendarSync}
        {editAndDelete}
      </Group>
    );
  return (
    <Stack gap="xs">
      {primary}
      {boost}
      {calendarSync}
      <Group gap="xs" grow>
        {editAndDelete}
      </Group>
    </Stack>
  );
}

/** A listing's state as a badge: Archived, hidden, or its status (available in teal). */
export function ListingStateBadge({ property }: { property: OwnedProperty }) {
  if (property.archived_at) return <ArchivedBadge />;
  return (
    <Badge
      size="sm"
      variant="outline"
      color={property.is_active && property.status === 'available' ? 'teal' : 'gray'}
    >
      {property.is_active ? property.status : 'hidden'}
    </Badge>
  );
}
