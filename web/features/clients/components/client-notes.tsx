import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { CLIENT_NOTES_MAX, CLIENT_RECORD_MESSAGES } from '../../../../domain/clients.ts';
import { formatDisplayDateTime } from '../../../../domain/dates.ts';
import { refusalOr } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { type ClientRecord, useSaveClientNotes } from '../api.ts';

/** The business's private notes about the client: never shown to the client. */
export function ClientNotes({ client }: { client: ClientRecord }) {
  const [notes, setNotes] = useState(client.notes);
  const save = useSaveClientNotes();
  const changed = notes.trim() !== client.notes;
  const tooLong = notes.trim().length > CLIENT_NOTES_MAX;
  const submit = () => {
    if (!changed || tooLong || save.isPending) return;
    save.mutate(
      { id: client.id, notes },
      {
        onSuccess: (saved) => {
          setNotes(saved.notes);
          notifySuccess(CLIENT_RECORD_MESSAGES.notesSaved);
        },
        onError: (error) => notifyError(refusalOr(error, CLIENT_RECORD_MESSAGES.notesFailed)),
      },
    );
  };
  return (
    <form
      aria-label="Private notes"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Private notes"
          description="Only you and your staff see these; never the client."
          autosize
          minRows={3}
          maxRows={12}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
          error={tooLong ? `Notes must be ${CLIENT_NOTES_MAX} characters or fewer` : undefined}
        />
        <Group justify="space-between" wrap="wrap">
          <Text size="xs" c="dimmed">
            {notes.trim().length} / {CLIENT_NOTES_MAX}
            {client.notes_updated_at ? ` · Saved ${formatDisplayDateTime(client.notes_updated_at)}` : ''}
          </Text>
          <Button type="submit" size="sm" disabled={!changed || tooLong} loading={save.isPending}>
            Save Notes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
