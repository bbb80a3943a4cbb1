import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { needsEmailVerification, translateAuthError } from '../../domain/errors.ts';
import { withReturnUrl } from '../../domain/return-url.ts';
import { landingPathAfterLogin, loginReason, registerPathFor } from '../../domain/routes.ts';
import type { Login } from '../../domain/schemas/user.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CURRENT_USER_KEY } from '../features/account/api.ts';
import { authApi } from '../features/auth/api.ts';
import { ApiError, api, lazySchema } from '../lib/api.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { readLastRoute } from '../lib/storage.ts';
import { lazyZodValidate, useSchemas, useValidateChangedFieldsOnLoad } from '../lib/zod-form.ts';

const userSchemas = () => import('../../domain/schemas/user.ts');

export default function LoginPage() {
  const [params] = useSearchParams();
  const reason = loginReason(params.get('returnUrl'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; offerResend: boolean } | null>(null);
  const schemas = useSchemas(userSchemas);
  const form = useForm<Login>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: lazyZodValidate(schemas?.LoginSchema),
    validateInputOnChange: true,
    validateInputOnBlur: true,
  });
  useValidateChangedFieldsOnLoad(form, schemas !== null);

  const submit = form.onSubmit(async (values) => {
    setBusy(true);
    setError(null);
    try {
      await authApi.signIn(values.email, values.password);
      const user = await api.get(
        '/api/me',
        lazySchema(userSchemas, (m) => m.UserProfileSchema),
      );
      queryClient.setQueryData(CURRENT_USER_KEY, user);
      await navigate(
        landingPathAfterLogin({
          returnUrl: params.get('returnUrl'),
          lastRoute: readLastRoute(),
          user,
        }),
        { replace: true },
      );
    } catch (caught) {
      const apiError = caught instanceof ApiError ? caught : null;
      const text = apiError ? translateAuthError(apiError.message) : 'Failed to login. Please try again.';
      setError({ text, offerResend: apiError ? needsEmailVerification(apiError) : false });
    } finally {
      setBusy(false);
    }
  });

  const resend = async () => {
    const { EmailOnlySchema } = await userSchemas();
    const parsed = EmailOnlySchema.safeParse({ email: form.values.email });
    if (!parsed.success) {
      notifyError('Please enter your email address first');
      return;
    }
    try {
      await authApi.resendVerification(parsed.data.email, params.get('returnUrl'));
      notifySuccess('Verification email sent! Please check your inbox.');
    } catch (caught) {
      notifyError(
        caught instanceof ApiError && caught.status === 429
          ? caught.message
          : 'Failed to send verification email',
      );
    }
  };

  return (
    <AuthCard title="Login" subtitle="Welcome back to Rentza.">
      {!error && reason && (
        <Alert color="blue" title={reason.title}>
          {reason.detail}
        </Alert>
      )}
      {!error && params.get('verified') === '1' && (
        <Alert color="teal" title="Email verified">
          Your email address is verified. You can now log in.
        </Alert>
      )}
      {error && (
        <Alert color="red" role="alert" title="Login failed">
          <Stack gap={6}>
            <Text size="sm">{error.text}</Text>
            {error.offerResend && (
              <Anchor component="button" type="button" size="sm" onClick={() => void resend()}>
                Resend verification email
              </Anchor>
            )}
          </Stack>
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
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" disabled={!form.isValid() || busy} fullWidth>
            {busy ? 'Logging in...' : 'Login'}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Don&apos;t have an account?{' '}
        <Anchor
          component={Link}
          to={withReturnUrl(registerPathFor(params.get('returnUrl')), params.get('returnUrl'))}
        >
          Register
        </Anchor>
      </Text>
    </AuthCard>
  );
}
