import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { withReturnUrl } from '../../domain/return-url.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { authApi } from '../features/auth/api.ts';
import { useCooldown } from '../features/auth/use-cooldown.ts';
import { ApiError, api } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';

/** True when this server captures mail in the dev mailbox (no SMTP configured). */
export function useDevMailboxAvailable() {
  return useQuery({
    queryKey: ['dev-mailbox-available'],
    queryFn: () =>
      api.get('/api/dev/mailbox').then(
        () => true,
        () => false,
      ),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const returnUrl = params.get('returnUrl');
  const cooldown = useCooldown();
  const [busy, setBusy] = useState(false);
  const { data: devMailbox } = useDevMailboxAvailable();

  const resend = async () => {
    if (!email) {
      notifyError('Please enter your email address first');
      return;
    }
    setBusy(true);
    try {
      await authApi.resendVerification(email, returnUrl);
      notifySuccess('Verification email sent! Please check your inbox.');
      cooldown.start();
    } catch (caught) {
      notifyError(
        caught instanceof ApiError && caught.message
          ? caught.message
          : 'Failed to resend verification email.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Verify Your Email">
      <Stack align="center" gap="xs">
        <IconMailCheck size={48} color="var(--mantine-color-cyan-7)" aria-hidden />
        <Text ta="center">
          We sent a verification link to <strong>{email || 'your email address'}</strong>.
        </Text>
        <Text ta="center" size="sm" c="dimmed">
          Click the link in the email to activate your account, then log in.
        </Text>
      </Stack>
      {devMailbox && (
        <Alert color="blue" title="Development mode">
          Email is not sent from this server: open the{' '}
          <Anchor component={Link} to="/dev/mailbox">
            dev mailbox
          </Anchor>{' '}
          to read it.
        </Alert>
      )}
      <Button onClick={() => void resend()} disabled={busy || cooldown.active} variant="light">
        Resend Verification Email
      </Button>
      {cooldown.active && (
        <Text size="sm" c="dimmed" ta="center" aria-live="polite">
          You can resend the email in {cooldown.remaining} seconds.
        </Text>
      )}
      <Button component={Link} to={withReturnUrl('/login', returnUrl)} variant="default">
        Back to Login
      </Button>
    </AuthCard>
  );
}
