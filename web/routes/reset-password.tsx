import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ResetPasswordFormSchema } from '../../domain/schemas/user.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { authApi } from '../features/auth/api.ts';
import { PasswordChecklist } from '../features/auth/password-checklist.tsx';
import { notifySuccess } from '../lib/notify.ts';
import { zodValidate } from '../lib/zod-form.ts';

const INVALID_LINK = 'This reset link is invalid or has expired. Please request a new one.';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(!token || params.get('error') ? INVALID_LINK : null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '' },
    validate: zodValidate(ResetPasswordFormSchema),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit(async ({ password }) => {
    if (!token) return;
    setBusy(true);
    try {
      await authApi.resetPassword(token, password);
      notifySuccess('Your password has been reset. Please log in with your new password.');
      await navigate('/login', { replace: true });
    } catch {
      setError(INVALID_LINK);
    } finally {
      setBusy(false);
    }
  });

  return (
    <AuthCard title="Choose a new password">
      {error && (
        <Alert color="red" role="alert">
          {error}{' '}
          <Anchor component={Link} to="/forgot-password" size="sm">
            Request a new link
          </Anchor>
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordChecklist password={form.values.password} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" disabled={!token || !form.isValid() || busy}>
            {busy ? 'Saving...' : 'Reset Password'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
