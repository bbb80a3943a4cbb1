import {
  Alert,
  Button,
  Card,
  CopyButton,
  Group,
  List,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { CALENDAR_EXPORT_MESSAGES } from '../../../domain/schemas/calendar-export.ts';
import { refusalOr } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { useCalendarExport, useResetCalendarExport } from './export-api.ts';

function ResetDialog({
  opened,
  onClose,
  propertyId,
}: {
  opened: boolean;
  onClose: () => void;
  propertyId: string;
}) {
  const reset = useResetCalendarExport(propertyId);
  const confirm = () =>
    reset.mutateAsync().then(
      () => {
        notifySuccess(CALENDAR_EXPORT_MESSAGES.resetDone);
        onClose();
      },
      (error: unknown) => notifyError(refusalOr(error, CALENDAR_EXPORT_MESSAGES.resetFailed)),
    );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Reset calendar link?"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">
          The current link stops working at once: every calendar that imports it (Airbnb, Booking.com,
          Google…) stops receiving this listing's bookings until you paste the new link there.
        </Text>
        <Text size="sm">Reset it if the link was shared with someone who should not have it.</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={reset.isPending}>
            Reset link
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * A listing's calendar export (issue 22 item 2, docs/decisions/052): its private iCal feed URL to
 * copy into other channels, and a reset for a leaked link. Self-contained: give it the listing.
 */
export function ExportFeedSection({ propertyId }: { propertyId: string }) {
  const feed = useCalendarExport(propertyId);
  const [resetting, setResetting] = useState(false);
  const headingId = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          Export this listing's calendar
        </Title>
        <Text size="sm">
          Other channels can show this listing's Rentza bookings as unavailable. Copy the link below and paste
          it where they import a calendar:
        </Text>
        <List size="sm" spacing={2}>
          <List.Item>Airbnb: Calendar → Availability → Connect calendars → Import calendar</List.Item>
          <List.Item>Booking.com: Rates &amp; availability → Sync calendars → Import calendar</List.Item>
          <List.Item>Google Calendar: Other calendars → + → From URL</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          The link shows pending and confirmed bookings (by reference only, no guest details) and your blocked
          dates. Anyone with the link can see them: keep it private.
        </Text>
        {feed.isPending && (
          <Stack role="status" aria-label="Loading calendar link" gap="xs">
            <Skeleton height={36} />
          </Stack>
        )}
        {feed.isError && (
          <Alert color="red" role="alert">
            {refusalOr(feed.error, CALENDAR_EXPORT_MESSAGES.loadFailed)}
          </Alert>
        )}
        {feed.data && (
          <>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label="Calendar link (iCal)"
                value={feed.data.url}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: '1 1 16rem', minWidth: 0 }}
              />
              <CopyButton value={feed.data.url}>
                {({ copied, copy }) => (
                  <Button
                    leftSection={
                      copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                    }
                    onClick={() => {
                      copy();
                      notifySuccess(CALENDAR_EXPORT_MESSAGES.copied);
                    }}
                  >
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => setResetting(true)}
              >
                Reset link
              </Button>
            </Group>
          </>
        )}
      </Stack>
      <ResetDialog opened={resetting} onClose={() => setResetting(false)} propertyId={propertyId} />
    </Card>
  );
}
