import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconMessagePlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatDisplayDateTime } from '../../domain/dates.ts';
import { SUPPORT_MESSAGES } from '../../domain/schemas/support.ts';
import { useCurrentUser } from '../features/account/api.ts';
import {
  useAddSupportMessage,
  useAskSupport,
  useMySupportRequests,
  useSupportThread,
} from '../features/support/api.ts';
import { AskForm, type AskValues } from '../features/support/components/ask-form.tsx';
import { MessageForm } from '../features/support/components/message-form.tsx';
import { StateBadge, SupportThreadMessages } from '../features/support/components/support-thread.tsx';
import { ApiError, refusalOr } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { usePageTitle } from '../lib/page-title.ts';

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label}>
      {[1, 2, 3].map((key) => (
        <Skeleton key={key} height={72} radius="md" />
      ))}
    </Stack>
  );
}

/** Help: ask Rentza support a question and follow the answers (docs/decisions/040). */
function HelpList() {
  usePageTitle('Help');
  const requests = useMySupportRequests();
  const ask = useAskSupport();
  const [asking, setAsking] = useState(false);

  const onAsk = async (values: AskValues) => {
    try {
      await ask.mutateAsync(values);
      setAsking(false);
      notifySuccess(SUPPORT_MESSAGES.sent);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.message === SUPPORT_MESSAGES.unknownReference) {
        return { field: 'booking_reference' as const, message: error.message };
      }
      notifyError(refusalOr(error, 'Failed to send your question'));
      return null;
    }
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>Help</Title>
            <Text c="dimmed">Ask Rentza support a question. We answer here and by email.</Text>
          </div>
          <Button leftSection={<IconMessagePlus size={16} aria-hidden />} onClick={() => setAsking(true)}>
            Ask a question
          </Button>
        </Group>
        <Title order={2} size="h3">
          Your requests
        </Title>
        {requests.isPending && <Loading label="Loading your requests" />}
        {requests.isError && (
          <Alert color="red" role="alert">
            Failed to load your requests
          </Alert>
        )}
        {requests.data && requests.data.items.length === 0 && (
          <Card withBorder radius="md" p="xl">
            <Stack align="center" gap="xs">
              <Text fw={600}>No questions yet</Text>
              <Text c="dimmed" ta="center">
                Stuck with a booking, a listing or your plan? Ask us and the answer will appear here.
              </Text>
            </Stack>
          </Card>
        )}
        {requests.data && requests.data.items.length > 0 && (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {requests.data.items.map((request) => (
              <Card key={request.id} component="li" withBorder radius="md" p="md">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={`/help/${request.id}`}
                      fw={600}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {request.subject}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      Last message {formatDisplayDateTime(request.last_message_at)} ·{' '}
                      {request.message_count === 1 ? '1 message' : `${request.message_count} messages`}
                      {request.booking_reference ? ` · ${request.booking_reference}` : ''}
                    </Text>
                  </Stack>
                  <StateBadge state={request.state} />
                </Group>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Ask a question" size="lg">
        <AskForm busy={ask.isPending} onAsk={onAsk} onCancel={() => setAsking(false)} />
      </Modal>
    </Container>
  );
}

/** One request: the whole thread, and a box to add to it (a closed request opens again). */
function HelpThread({ id }: { id: string }) {
  const thread = useSupportThread(id);
  const add = useAddSupportMessage();
  const { data: me } = useCurrentUser();
  usePageTitle(thread.data ? thread.data.subject : 'Help');

  const onSend = async (message: string) => {
    try {
      await add.mutateAsync({ id, message });
      notifySuccess('Message sent');
      return true;
    } catch (error) {
      notifyError(refusalOr(error, 'Failed to send your message'));
      return false;
    }
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/help" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            All your requests
          </Group>
        </Anchor>
        {thread.isPending && <Loading label="Loading the request" />}
        {thread.isError && (
          <Alert color="red" role="alert" title="We could not open this request">
            {refusalOr(thread.error, 'Failed to load the request')}
          </Alert>
        )}
        {thread.data && (
          <>
            <div>
              <Group gap="sm" align="center">
                <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                  {thread.data.subject}
                </Title>
                <StateBadge state={thread.data.state} />
              </Group>
              <Text c="dimmed" size="sm">
                Asked {formatDisplayDateTime(thread.data.created_at)}
                {thread.data.booking_reference && (
                  <>
                    {' '}
                    about booking <Badge variant="outline">{thread.data.booking_reference}</Badge>
                  </>
                )}
              </Text>
            </div>
            <SupportThreadMessages thread={thread.data} />
            {thread.data.state === 'closed' && (
              <Alert color="gray" title="This request is closed">
                Write below if you need more help: the request opens again.
              </Alert>
            )}
            {me?.id === thread.data.sender.id ? (
              <MessageForm
                label={thread.data.state === 'closed' ? 'Reopen with a message' : 'Add a message'}
                submitLabel={thread.data.state === 'closed' ? 'Reopen and send' : 'Send message'}
                busy={add.isPending}
                onSend={onSend}
              />
            ) : (
              <Text size="sm">
                This is another user’s request: answer it from the{' '}
                <Anchor component={Link} to="/admin/support">
                  support inbox
                </Anchor>
                .
              </Text>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

export default function HelpPage() {
  const { id } = useParams();
  return id ? <HelpThread key={id} id={id} /> : <HelpList />;
}
