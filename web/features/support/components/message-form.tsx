import { Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { SupportMessageBodySchema } from '../../../../domain/schemas/support.ts';
import { SUPPORT_BOUNDS } from '../../../../domain/support.ts';
import { zodValidate } from '../../../lib/zod-form.ts';

/** One message to add to a thread (the sender's follow-up or an admin's reply); cleared once sent. */
export function MessageForm({
  label,
  submitLabel,
  busy,
  onSend,
  extra,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  /** Resolves true when the message was sent (the box is then emptied). */
  onSend: (message: string) => Promise<boolean>;
  extra?: ReactNode;
}) {
  const form = useForm({
    mode: 'controlled',
    initialValues: { message: '' },
    validate: zodValidate(SupportMessageBodySchema),
    validateInputOnBlur: true,
  });
  const submit = form.onSubmit(async ({ message }) => {
    if (await onSend(message.trim())) form.reset();
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label={label}
          required
          autosize
          minRows={3}
          maxRows={12}
          maxLength={SUPPORT_BOUNDS.messageMax}
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end" gap="sm">
          {extra}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
