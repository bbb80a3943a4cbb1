import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { addDays, daysBetween, formatDisplayDate, type IsoDate } from '../../../../domain/dates.ts';
import {
  BLOCK_REASON_LABELS,
  BLOCK_REASONS,
  type BlockReason,
} from '../../../../domain/schemas/blocked-period.ts';
import { DatePicker } from '../../../components/mantine-dates.ts';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import type { CalendarProperty } from '../api.ts';
import { useCreateBlock } from '../blocks-api.ts';

interface BlockDatesDialogProps {
  opened: boolean;
  onClose: () => void;
  properties: readonly CalendarProperty[];
  today: IsoDate;
}

type Picked = [IsoDate | null, IsoDate | null];
const NOTHING: Picked = [null, null];

/**
 * Blocks days of a listing for maintenance or the owner's use: the first and last blocked day are
 * picked on the calendar (one click twice blocks one day); the server refuses days a booking holds.
 */
export function BlockDatesDialog({ opened, onClose, properties, today }: BlockDatesDialogProps) {
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [picked, setPicked] = useState<Picked>(NOTHING);
  const [reason, setReason] = useState<BlockReason>('maintenance');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const create = useCreateBlock();
  const choices = properties
    .filter((property) => !property.archived)
    .map((property) => ({ value: property.id, label: property.title }));
  const [first, last] = picked;
  const days = first && last ? daysBetween(first, last) + 1 : 0;

  const close = () => {
    setPicked(NOTHING);
    setNote('');
    setTried(false);
    onClose();
  };
  const submit = () => {
    setTried(true);
    if (!propertyId || !first || !last) return;
    create.mutate(
      {
        propertyId,
        input: { start_date: first, end_date: addDays(last, 1), reason, note: note.trim() || null },
      },
      {
        onSuccess: () => {
          notifySuccess('Dates blocked');
          close();
        },
        onError: (error) => notifyError(refusalOr(error, 'Failed to block the dates')),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Block dates" size="auto" centered>
      <Stack gap="sm">
        <Select
          label="Listing"
          required
          searchable
          placeholder="Choose a listing"
          data={choices}
          value={propertyId}
          onChange={setPropertyId}
          error={tried && !propertyId ? 'Please choose a listing' : undefined}
          comboboxProps={{ withinPortal: false }}
        />
        <div>
          <Text size="sm" fw={500} id="block-dates-label">
            Days to block
          </Text>
          <Text size="xs" c="dimmed" mb={4}>
            Click the first and the last day (the same day twice for one day).
          </Text>
          <DatePicker
            type="range"
            allowSingleDateInRange
            minDate={today}
            value={picked}
            onChange={(value) =>
              setPicked([value[0] ? String(value[0]) : null, value[1] ? String(value[1]) : null])
            }
            aria-labelledby="block-dates-label"
            ariaLabels={{ nextMonth: 'Next month', previousMonth: 'Previous month' }}
            getDayAriaLabel={(date) => formatDisplayDate(String(date).slice(0, 10))}
          />
          <Text size="sm" mt={4} role="status" c={tried && !last ? 'red' : undefined}>
            {first && last
              ? `Blocks ${days} ${days === 1 ? 'day' : 'days'}: ${formatDisplayDate(first)} – ${formatDisplayDate(last)}`
              : tried
                ? 'Please pick the days to block'
                : 'No days picked yet'}
          </Text>
        </div>
        <div>
          <Text size="sm" fw={500} id="block-reason-label">
            Reason
          </Text>
          <SegmentedControl
            aria-labelledby="block-reason-label"
            value={reason}
            onChange={(value) => setReason(value as BlockReason)}
            data={BLOCK_REASONS.map((value) => ({ value, label: BLOCK_REASON_LABELS[value] }))}
          />
        </div>
        <Textarea
          label="Note"
          placeholder="Optional, e.g. roof repairs"
          maxLength={500}
          autosize
          minRows={2}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Block dates
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
