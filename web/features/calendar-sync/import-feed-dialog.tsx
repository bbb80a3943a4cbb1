import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { CalendarFeedCreateSchema } from '../../../domain/schemas/calendar-import.ts';
import { refusalOr } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { useAddCalendarFeed } from './import-api.ts';

/** Adds a calendar to import: its name and its iCal address; it is read at once and refused if unreadable. */
export function ImportFeedDialog({
  propertyId,
  opened,
  onClose,
}: {
  propertyId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const add = useAddCalendarFeed(propertyId);
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<{ label?: string; url?: string; form?: string }>({});
  const close = () => {
    setLabel('');
    setUrl('');
    setErrors({});
    add.reset();
    onClose();
  };
  const submit = () => {
    const parsed = CalendarFeedCreateSchema.safeParse({ label, url });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'label' ? 'label' : 'url';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: ({ sync }) => {
        notifySuccess(
          sync.conflicts > 0
            ? `Calendar added: ${sync.blocks} blocked period(s), ${sync.conflicts} conflict(s) to check`
            : `Calendar added: ${sync.blocks} blocked period(s)`,
        );
        close();
      },
      onError: (error) => setErrors({ form: refusalOr(error, 'Failed to add the calendar') }),
    });
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Import a calendar"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Paste the iCal (.ics) export link from Airbnb, Booking.com or Google Calendar. Its events block
            these dates on Rentza and are read again every 15 minutes.
          </Text>
          <TextInput
            label="Name"
            placeholder="Airbnb"
            value={label}
            onChange={(event) => setLabel(event.currentTarget.value)}
            error={errors.label}
            maxLength={60}
            required
            data-autofocus
          />
          <TextInput
            label="Calendar address (iCal URL)"
            placeholder="https://www.airbnb.com/calendar/ical/….ics"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            type="url"
            required
          />
          {errors.form && (
            <Text size="sm" c="red" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Import calendar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
