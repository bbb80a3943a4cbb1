import { Badge } from '@mantine/core';

/** Marks a listing that was archived (deleted while it had reservations) wherever it is still shown. */
export function ArchivedBadge() {
  return (
    <Badge size="sm" variant="light" color="gray">
      Archived
    </Badge>
  );
}
