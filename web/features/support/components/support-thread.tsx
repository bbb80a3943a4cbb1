import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDisplayDateTime } from '../../../../domain/dates.ts';
import { SUPPORT_STATE_LABELS, type SupportState } from '../../../../domain/support.ts';
import type { SupportThread } from '../api.ts';
import { STATE_COLORS } from './support-text.ts';

export function StateBadge({ state }: { state: SupportState }) {
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {SUPPORT_STATE_LABELS[state]}
    </Badge>
  );
}

/** A request's messages in order: the sender's on one side, support's replies tinted on the other. */
export function SupportThreadMessages({ thread }: { thread: SupportThread }) {
  return (
    <Stack gap="sm" component="ol" aria-label="Messages" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {thread.messages.map((message) => (
        <Paper
          key={message.id}
          component="li"
          withBorder
          p="md"
          radius="md"
          bg={message.from_admin ? 'var(--mantine-color-teal-light)' : undefined}
          ml={message.from_admin ? { base: 0, sm: 'xl' } : 0}
          mr={message.from_admin ? 0 : { base: 0, sm: 'xl' }}
        >
          <Group justify="space-between" gap="xs" mb={4}>
            <Text fw={600} size="sm">
              {message.author_name}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={message.created_at}>
              {formatDisplayDateTime(message.created_at)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}
