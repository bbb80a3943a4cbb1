import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SupportRequestCreateSchema } from '../../../../domain/schemas/support.ts';
import { SUPPORT_BOUNDS } from '../../../../domain/support.ts';
import { zodValidate } from '../../../lib/zod-form.ts';

export interface AskValues {
  subject: string;
  message: string;
  booking_reference: string;
}

/** A new question: subject, message and, when it is about a booking, its reference. */
export function AskForm({
  busy,
  onAsk,
  onCancel,
}: {
  busy: boolean;
  /** Resolves with a refusal about one field (shown under it), or null. */
  onAsk: (values: AskValues) => Promise<{ field: keyof AskValues; message: string } | null>;
  onCancel: () => void;
}) {
  const form = useForm<AskValues>({
    mode: 'controlled',
    initialValues: { subject: '', message: '', booking_reference: '' },
    validate: zodValidate(SupportRequestCreateSchema),
    validateInputOnBlur: true,
  });
  return (
    <form
      onSubmit={form.onSubmit(async (values) => {
        const refusal = await onAsk(values);
        if (refusal) form.setFieldError(refusal.field, refusal.message);
      })}
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          label="Subject"
          required
          data-autofocus
          maxLength={SUPPORT_BOUNDS.subjectMax}
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Your question"
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={SUPPORT_BOUNDS.messageMax}
          {...form.getInputProps('message')}
        />
        <TextInput
          label="Booking reference (optional)"
          description="If your question is about a booking, e.g. RZ-7K3M9Q"
          autoCapitalize="characters"
          {...form.getInputProps('booking_reference')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send question
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
