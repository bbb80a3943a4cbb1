import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmailOnlySchema } from '../../domain/schemas/user.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { authApi } from '../features/auth/api.ts';
import { useCooldown } from '../features/auth/use-cooldown.ts';
import { ApiError } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { zodValidate } from '../lib/zod-form.ts';

export default function ForgotPasswordPage() {
  const cooldown = useCooldown();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodValidate(EmailOnlySchema),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async ({ email }) => {
    if (cooldown.active) return;
    setBusy(true);
    try {
      const normalised = EmailOnlySchema.parse({ email }).email;
      await authApi.requestPasswordReset(normalised);
      setSentTo(normalised);
      notifySuccess('Password reset email sent! Please check your inbox.');
      cooldown.start();
    } catch (caught) {
      notifyError(
        caught instanceof ApiError && caught.message ? caught.message : 'Failed to send reset email.',
      );
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard
      title="Reset Password"
      subtitle="Enter your email and we will send you a link to choose a new password."
    >
      {sentTo && (
        <Alert color="teal" title="Check your inbox">
          If an account exists for {sentTo}, a reset link is on its way.
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <Button type="submit" disabled={!form.isValid() || busy || cooldown.active}>
            Send Reset Link
          </Button>
          {cooldown.active && (
            <Text size="sm" c="dimmed" ta="center" aria-live="polite">
              You can request another link in {cooldown.remaining} seconds.
            </Text>
          )}
          <Button component={Link} to="/login" variant="default">
            Back to Login
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
