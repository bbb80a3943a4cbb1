import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Drawer,
  Group,
  Pagination,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { formatDisplayDateTime } from '../../domain/dates.ts';
import { formatRoleLabel } from '../../domain/roles.ts';
import { SUPPORT_MESSAGES, SUPPORT_PAGE_SIZE } from '../../domain/schemas/support.ts';
import {
  formatSupportAge,
  SUPPORT_STATE_LABELS,
  SUPPORT_STATES,
  type SupportState,
} from '../../domain/support.ts';
import { LoadingSkeleton } from '../components/loading-skeleton.tsx';
import {
  type SupportInboxItem,
  useCloseSupportRequest,
  useReplyToSupport,
  useSupportInbox,
  useSupportThread,
} from '../features/support/api.ts';
import { MessageForm } from '../features/support/components/message-form.tsx';
import { PLAN_BADGES } from '../features/support/components/support-text.ts';
import { StateBadge, SupportThreadMessages } from '../features/support/components/support-thread.tsx';
import { refusalOr } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

const ALL = 'all';
const STATE_OPTIONS = [
  ...SUPPORT_STATES.map((state) => ({ value: state, label: SUPPORT_STATE_LABELS[state] })),
  { value: ALL, label: 'All' },
];

function PlanBadge({ plan }: { plan: SupportInboxItem['sender']['plan'] }) {
  const badge = PLAN_BADGES[plan ?? 'none'];
  return (
    <Badge color={badge.color} variant={plan === 'business' ? 'filled' : 'light'}>
      {badge.label}
    </Badge>
  );
}

const senderName = (item: SupportInboxItem) => `${item.sender.first_name} ${item.sender.last_name}`;

/** The inbox as a table from 768 px and as cards below. */
function InboxList({ items, onOpen }: { items: SupportInboxItem[]; onOpen: (id: string) => void }) {
  const wide = useMediaQuery('(min-width: 48em)', true);
  const now = new Date();
  const open = (item: SupportInboxItem) => (
    <Button size="xs" variant="light" onClick={() => onOpen(item.id)} aria-label={`Open “${item.subject}”`}>
      Open
    </Button>
  );
  if (!wide)
    return (
      <Stack gap="sm">
        {items.map((item) => (
          <Card key={item.id} withBorder radius="md" p="md">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.subject}
                </Text>
                <StateBadge state={item.state} />
              </Group>
              <Group gap="xs">
                <PlanBadge plan={item.sender.plan} />
                <Text size="sm">{senderName(item)}</Text>
              </Group>
              <Group justify="space-between">
                <Text size="xs" c="dimmed">
                  Waiting {formatSupportAge(item.created_at, now)}
                </Text>
                {open(item)}
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>Age</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              <Table.Td>
                <PlanBadge plan={item.sender.plan} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.subject}</Table.Td>
              <Table.Td>
                <Text size="sm">{senderName(item)}</Text>
                <Text size="xs" c="dimmed">
                  {formatRoleLabel(item.sender.role)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={formatDisplayDateTime(item.created_at)}>
                  {formatSupportAge(item.created_at, now)}
                </Text>
              </Table.Td>
              <Table.Td>
                <StateBadge state={item.state} />
              </Table.Td>
              <Table.Td>{open(item)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One request in a drawer: the thread, a reply (kept and emailed to the sender) and Close. */
function RequestDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const thread = useSupportThread(id);
  const reply = useReplyToSupport();
  const close = useCloseSupportRequest();
  const data = thread.data;

  const onSend = async (message: string) => {
    if (!id) return false;
    try {
      await reply.mutateAsync({ id, message });
      notifySuccess(SUPPORT_MESSAGES.replied);
      return true;
    } catch (error) {
      notifyError(refusalOr(error, 'Failed to send the reply'));
      return false;
    }
  };
  const onCloseRequest = async () => {
    if (!id) return;
    try {
      await close.mutateAsync(id);
      notifySuccess(SUPPORT_MESSAGES.closed);
    } catch (error) {
      notifyError(refusalOr(error, 'Failed to close the request'));
    }
  };

  return (
    <Drawer
      opened={!!id}
      onClose={onClose}
      position="right"
      size="lg"
      title={data ? data.subject : 'Support request'}
      closeButtonProps={{ 'aria-label': 'Back to the inbox' }}
    >
      {thread.isPending && <LoadingSkeleton label="Loading the request" height={200} radius="md" />}
      {thread.isError && (
        <Alert color="red" role="alert">
          {refusalOr(thread.error, 'Failed to load the request')}
        </Alert>
      )}
      {data && (
        <Stack gap="md">
          <Group gap="xs">
            <StateBadge state={data.state} />
            <PlanBadge plan={data.sender.plan} />
            {data.booking_reference && <Badge variant="outline">{data.booking_reference}</Badge>}
          </Group>
          <Text size="sm">
            From {data.sender.first_name} {data.sender.last_name} ({data.sender.email}),{' '}
            {formatRoleLabel(data.sender.role).toLowerCase()}, asked {formatDisplayDateTime(data.created_at)}
          </Text>
          <SupportThreadMessages thread={data} />
          <MessageForm
            label="Your reply"
            submitLabel="Send reply"
            busy={reply.isPending}
            onSend={onSend}
            extra={
              data.state !== 'closed' && (
                <Button variant="default" color="gray" loading={close.isPending} onClick={onCloseRequest}>
                  Close request
                </Button>
              )
            }
          />
        </Stack>
      )}
    </Drawer>
  );
}

/** The admins' support inbox: Business senders first, then Pro, then the rest; each oldest first. */
export default function SupportInboxPage() {
  usePageTitle('Support Inbox');
  const [state, setState] = useState<string>('open');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const inbox = useSupportInbox({
    state: state === ALL ? undefined : (state as SupportState),
    page,
    page_size: SUPPORT_PAGE_SIZE,
  });
  const total = inbox.data?.total ?? 0;
  const pageCount = Math.ceil(total / SUPPORT_PAGE_SIZE);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Support Inbox</Title>
          <Text c="dimmed">Business customers first, then Pro, then everyone else; oldest first.</Text>
        </div>
        <SegmentedControl
          aria-label="Show requests"
          data={STATE_OPTIONS}
          value={state}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
          style={{ alignSelf: 'flex-start' }}
        />
        {inbox.isError && (
          <Alert color="red" role="alert">
            Failed to load the support inbox
          </Alert>
        )}
        {inbox.isPending && (
          <Stack gap="sm" role="status" aria-label="Loading the support inbox">
            {[1, 2, 3].map((key) => (
              <Skeleton key={key} height={48} radius="md" />
            ))}
          </Stack>
        )}
        {inbox.data && (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {total === 1 ? '1 request' : `${total} requests`}
            </Text>
            {inbox.data.items.length === 0 ? (
              <Text c="dimmed" ta="center" py="xl">
                No requests here. All caught up.
              </Text>
            ) : (
              <InboxList items={inbox.data.items} onOpen={setOpenId} />
            )}
            {pageCount > 1 && (
              <Group justify="center">
                <Pagination
                  total={pageCount}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({ 'aria-label': `${control} page` })}
                  getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
                />
              </Group>
            )}
          </>
        )}
      </Stack>
      <RequestDrawer id={openId} onClose={() => setOpenId(null)} />
    </Container>
  );
}
