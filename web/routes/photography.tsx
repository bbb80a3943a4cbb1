import {
  Alert,
  Button,
  Checkbox,
  Container,
  Group,
  Input,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { addDays, formatDisplayDate, todayInBusinessZone } from '../../domain/dates.ts';
import {
  canCancelShoot,
  MAX_PHOTOGRAPHY_NOTES,
  MAX_PREFERRED_DATES,
  PHOTOGRAPHY_MESSAGES,
  PREFERRED_DATE_HORIZON_DAYS,
  preferredDatesProblem,
} from '../../domain/photography.ts';
import { ADD_ONS } from '../../domain/subscriptions.ts';
import { LoadingSkeleton } from '../components/loading-skeleton.tsx';
import { DatePicker } from '../components/mantine-dates.ts';
import {
  type PhotographyRequest,
  useCancelShoot,
  useMyPhotography,
  useRequestShoot,
} from '../features/photography/api.ts';
import { ShootDetails, ShootStatusBadge } from '../features/photography/components/shoot-details.tsx';
import { useMyProperties } from '../features/properties/api.ts';
import { refusalOr } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const FAILED = 'Failed to book the shoot. Please try again.';

function BookShootForm() {
  const properties = useMyProperties();
  const book = useRequestShoot();
  const [listingIds, setListingIds] = useState<string[]>([]);
  const [dates, setDates] = useState<string[]>([]);
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<{ listings?: string; dates?: string }>({});
  const today = todayInBusinessZone();
  const active = (properties.data ?? []).filter((listing) => listing.is_active && !listing.archived_at);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      listings: listingIds.length === 0 ? PHOTOGRAPHY_MESSAGES.listingsRequired : undefined,
      dates: preferredDatesProblem(dates, today) ?? undefined,
    };
    setErrors(next);
    if (next.listings || next.dates) return;
    book.mutate(
      { property_ids: listingIds, preferred_dates: dates, notes },
      {
        onSuccess: () => {
          notifySuccess('Shoot requested. We will email you when it is scheduled.');
          setListingIds([]);
          setDates([]);
          setNotes('');
        },
        onError: (error) => notifyError(refusalOr(error, FAILED)),
      },
    );
  };

  if (properties.isPending) return <LoadingSkeleton label="Loading your listings" height={220} />;
  if (active.length === 0) {
    return (
      <Alert color="blue" title="No active listings">
        Photography is booked for active listings.{' '}
        <Link to="/property-management">Add or activate a listing</Link> first.
      </Alert>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-label="Book a photo shoot">
      <Stack gap="md">
        <Checkbox.Group
          label="Listings to photograph"
          description="The photographer comes to each listing’s address."
          value={listingIds}
          onChange={setListingIds}
          error={errors.listings}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {active.map((listing) => (
              <Checkbox
                key={listing.id}
                value={listing.id}
                label={listing.title}
                description={listing.location}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Input.Wrapper
          id="preferred-dates"
          label={`Preferred dates (up to ${MAX_PREFERRED_DATES})`}
          description={
            dates.length > 0
              ? `Chosen: ${[...dates].sort().map(formatDisplayDate).join(', ')}`
              : 'Pick one to three days on the calendar.'
          }
          error={errors.dates}
          withAsterisk
        >
          <DatePicker
            type="multiple"
            value={dates}
            onChange={(value) => setDates((value as string[]).slice(0, MAX_PREFERRED_DATES))}
            minDate={today}
            maxDate={addDays(today, PREFERRED_DATE_HORIZON_DAYS)}
            aria-labelledby="preferred-dates-label"
            ariaLabels={{
              previousMonth: 'Previous month',
              nextMonth: 'Next month',
              previousYear: 'Previous year',
              nextYear: 'Next year',
              previousDecade: 'Previous decade',
              nextDecade: 'Next decade',
            }}
            mt="xs"
          />
        </Input.Wrapper>
        <Textarea
          label="Notes for the photographer"
          description="Access, parking, rooms or features to focus on."
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          maxLength={MAX_PHOTOGRAPHY_NOTES}
          autosize
          minRows={3}
        />
        <Group>
          <Button type="submit" loading={book.isPending}>
            Request shoot
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RequestItem({ request }: { request: PhotographyRequest }) {
  const cancel = useCancelShoot();
  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancel this photo shoot?',
      children: <Text size="sm">The request is withdrawn and you can book another shoot this month.</Text>,
      labels: { confirm: 'Cancel shoot', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(request.id, {
          onSuccess: () => notifySuccess('Shoot cancelled'),
          onError: (error) => notifyError(refusalOr(error, 'Failed to cancel the shoot')),
        }),
    });
  return (
    <Paper withBorder p="md" radius="md" role="listitem">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <ShootStatusBadge status={request.status} />
        {canCancelShoot(request.status) && (
          <Button size="xs" variant="default" color="red" onClick={confirmCancel} loading={cancel.isPending}>
            Cancel request
          </Button>
        )}
      </Group>
      <ShootDetails request={request} />
    </Paper>
  );
}

/** The owner's (or their staff's) photography: book a shoot, follow the requests. */
export default function PhotographyPage() {
  usePageTitle('Photography');
  const overview = useMyPhotography();
  const data = overview.data;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Photography</Title>
          <Text c="dimmed">
            A professional photographer visits your listings. One shoot per month is included in the{' '}
            {ADD_ONS.photography.name} add-on.
          </Text>
        </div>
        {overview.isPending && <LoadingSkeleton label="Loading photography" height={260} />}
        {overview.isError && (
          <Alert color="red" title="Photography is not available">
            {refusalOr(overview.error, 'Failed to load your photography requests')}
          </Alert>
        )}
        {data && !data.add_on_active && (
          <Alert color="blue" title="Add professional photography">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{PHOTOGRAPHY_MESSAGES.noAddOn}</Text>
              <Button component={Link} to="/subscription" size="xs">
                Add it on the Subscription screen
              </Button>
            </Stack>
          </Alert>
        )}
        {data?.add_on_active && (
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="book-title">
            <Title order={2} size="h4" mb="sm" id="book-title">
              Book a shoot
            </Title>
            {data.refusal ? <Alert color="yellow">{data.refusal}</Alert> : <BookShootForm />}
          </Paper>
        )}
        {data && (
          <section aria-labelledby="requests-title">
            <Title order={2} size="h4" mb="sm" id="requests-title">
              Your requests
            </Title>
            {data.requests.length === 0 ? (
              <Text c="dimmed">No photo shoots requested yet.</Text>
            ) : (
              <Stack gap="sm" role="list" aria-labelledby="requests-title">
                {data.requests.map((request) => (
                  <RequestItem key={request.id} request={request} />
                ))}
              </Stack>
            )}
          </section>
        )}
      </Stack>
    </Container>
  );
}
