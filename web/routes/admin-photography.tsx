import {
  Alert,
  Button,
  Container,
  FileButton,
  Group,
  Modal,
  Paper,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { todayInBusinessZone } from '../../domain/dates.ts';
import {
  canCompleteShoot,
  canScheduleShoot,
  canUploadShootPhotos,
  PHOTOGRAPHY_STATUS_LABELS,
  PHOTOGRAPHY_STATUSES,
  type PhotographyStatus,
  SHOOT_TIME_MESSAGE,
  SHOOT_TIME_PATTERN,
} from '../../domain/photography.ts';
import { DATE_POPOVER_PROPS } from '../app/theme.ts';
import { LoadingSkeleton } from '../components/loading-skeleton.tsx';
import { DatePickerInput } from '../components/mantine-dates.ts';
import {
  type AdminPhotographyRequest,
  refreshQueue,
  uploadShootPhoto,
  useCompleteShoot,
  usePhotographyQueue,
  useScheduleShoot,
} from '../features/photography/api.ts';
import { ShootDetails, ShootStatusBadge } from '../features/photography/components/shoot-details.tsx';
import { PHOTO_TYPES } from '../features/properties/components/photo-picker.tsx';
import { refusalOr } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const FILTERS = [
  { value: 'all', label: 'All' },
  ...PHOTOGRAPHY_STATUSES.map((status) => ({ value: status, label: PHOTOGRAPHY_STATUS_LABELS[status] })),
];

function ScheduleModal({ request, onClose }: { request: AdminPhotographyRequest; onClose: () => void }) {
  const schedule = useScheduleShoot();
  const [date, setDate] = useState<string | null>(
    request.scheduled_date ?? request.preferred_dates[0] ?? null,
  );
  const [time, setTime] = useState(request.scheduled_time ?? '10:00');
  const [errors, setErrors] = useState<{ date?: string; time?: string }>({});
  const today = todayInBusinessZone();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      date: !date
        ? 'Choose the day of the shoot'
        : date < today
          ? 'The shoot cannot be in the past'
          : undefined,
      time: SHOOT_TIME_PATTERN.test(time) ? undefined : SHOOT_TIME_MESSAGE,
    };
    setErrors(next);
    if (next.date || next.time || !date) return;
    schedule.mutate(
      { id: request.id, input: { date, time } },
      {
        onSuccess: () => {
          notifySuccess(`Shoot scheduled; ${request.owner.name} has been emailed`);
          onClose();
        },
        onError: (error) => notifyError(refusalOr(error, 'Failed to schedule the shoot')),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Schedule the shoot for ${request.owner.name}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <DatePickerInput
            label="Shoot date"
            value={date}
            onChange={(value) => setDate(value as string | null)}
            minDate={today}
            valueFormat="D MMMM YYYY"
            error={errors.date}
            withAsterisk
            popoverProps={{ ...DATE_POPOVER_PROPS, withinPortal: false }}
            ariaLabels={{
              previousMonth: 'Previous month',
              nextMonth: 'Next month',
              previousYear: 'Previous year',
              nextYear: 'Next year',
              previousDecade: 'Previous decade',
              nextDecade: 'Next decade',
            }}
          />
          <TextInput
            type="time"
            label="Time"
            description="Between 07:00 and 18:59"
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
            min="07:00"
            max="18:59"
            error={errors.time}
            withAsterisk
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={schedule.isPending}>
              Schedule and email owner
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function UploadPhotos({ request }: { request: AdminPhotographyRequest }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<Record<string, number>>({});
  const upload = async (listingId: string, title: string, files: File[]) => {
    let added = 0;
    for (const file of files) {
      try {
        await uploadShootPhoto(request.id, listingId, file, (percent) =>
          setProgress((current) => ({ ...current, [listingId]: percent })),
        );
        added++;
      } catch (error) {
        notifyError(refusalOr(error, `Failed to upload ${file.name}`));
      }
    }
    setProgress(({ [listingId]: _, ...rest }) => rest);
    if (added > 0) notifySuccess(`${added} photo${added === 1 ? '' : 's'} added to ${title}`);
    await refreshQueue(queryClient);
  };
  return (
    <Stack gap="xs">
      {request.listings.map((listing) => (
        <Group key={listing.id} gap="sm" wrap="wrap">
          <FileButton
            multiple
            accept={PHOTO_TYPES.join(',')}
            onChange={(files) => upload(listing.id, listing.title, files)}
          >
            {(props) => (
              <Button {...props} size="xs" variant="light" loading={progress[listing.id] !== undefined}>
                Upload photos to {listing.title}
              </Button>
            )}
          </FileButton>
          {progress[listing.id] !== undefined && (
            <Progress
              value={progress[listing.id] ?? 0}
              w={160}
              size="sm"
              animated
              aria-label={`Uploading photos to ${listing.title}`}
            />
          )}
        </Group>
      ))}
    </Stack>
  );
}

function QueueItem({ request, onSchedule }: { request: AdminPhotographyRequest; onSchedule: () => void }) {
  const complete = useCompleteShoot();
  const photos = request.listings.reduce((sum, listing) => sum + listing.photos_uploaded, 0);
  return (
    <Paper withBorder p="md" radius="md" role="listitem" aria-label={`Shoot for ${request.owner.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Text fw={600}>{request.owner.name}</Text>
            <Text size="sm" c="dimmed">
              {request.owner.email}
              {request.owner.phone ? ` · ${request.owner.phone}` : ''}
            </Text>
          </div>
          <ShootStatusBadge status={request.status} />
        </Group>
        <ShootDetails request={request} />
        {canUploadShootPhotos(request.status) && <UploadPhotos request={request} />}
        <Group gap="sm">
          {canScheduleShoot(request.status) && (
            <Button
              size="xs"
              variant={request.status === 'requested' ? 'filled' : 'default'}
              onClick={onSchedule}
            >
              {request.status === 'requested' ? 'Schedule' : 'Reschedule'}
            </Button>
          )}
          {canCompleteShoot(request.status) && (
            <Button
              size="xs"
              color="teal"
              disabled={photos === 0}
              loading={complete.isPending}
              onClick={() =>
                complete.mutate(request.id, {
                  onSuccess: () => notifySuccess('Shoot marked done; the owner has been emailed'),
                  onError: (error) => notifyError(refusalOr(error, 'Failed to mark the shoot done')),
                })
              }
            >
              Mark done
            </Button>
          )}
          {canCompleteShoot(request.status) && photos === 0 && (
            <Text size="xs" c="dimmed">
              Upload the photos first.
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Admins: the photography queue, earliest preferred date first. */
export default function AdminPhotographyPage() {
  usePageTitle('Photography Requests');
  const [filter, setFilter] = useState('requested');
  const queue = usePhotographyQueue(filter === 'all' ? null : (filter as PhotographyStatus));
  const [scheduling, setScheduling] = useState<AdminPhotographyRequest | null>(null);
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Photography Requests</Title>
          <Text c="dimmed">Shoots booked with the photography add-on, earliest preferred date first.</Text>
        </div>
        <SegmentedControl
          value={filter}
          onChange={setFilter}
          data={FILTERS}
          aria-label="Show requests by state"
          style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
        />
        {queue.isPending && <LoadingSkeleton label="Loading photography requests" height={200} />}
        {queue.isError && (
          <Alert color="red">{refusalOr(queue.error, 'Failed to load the photography requests')}</Alert>
        )}
        {queue.data &&
          (queue.data.length === 0 ? (
            <Text c="dimmed">No photography requests here.</Text>
          ) : (
            <Stack gap="sm" role="list" aria-label="Photography requests">
              {queue.data.map((request) => (
                <QueueItem key={request.id} request={request} onSchedule={() => setScheduling(request)} />
              ))}
            </Stack>
          ))}
      </Stack>
      {scheduling && <ScheduleModal request={scheduling} onClose={() => setScheduling(null)} />}
    </Container>
  );
}
