import { Alert, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import {
  NOTIFICATION_SETTINGS_MESSAGES,
  type NotificationSettings,
} from '../../../../domain/schemas/notification-settings.ts';
import { ApiError } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNotificationSettings, useSaveNotificationSettings } from '../notification-settings-api.ts';

const EMAIL_DESCRIPTION =
  'Booking requests, confirmations and cancellations. Account emails (verification, password reset, invitations) and documents sent to you always arrive.';
const APP_DESCRIPTION =
  'The bell at the top of every page: booking requests, confirmations, cancellations, payments and support replies.';

/**
 * The profile's notification switches (spec booking-core §2); each change is saved at once. The SMS
 * switch is shown only once the server can send texts (docs/decisions/042). Mantine
 * puts the description inside the label, so aria-label keeps each switch's name to its label alone.
 */
export function NotificationSettingsSection() {
  const { data, isPending, isError } = useNotificationSettings();
  const save = useSaveNotificationSettings();
  // While a change is saving, show it; a failed save falls back to what the server holds.
  const shown = save.isPending && save.variables ? { ...data, ...save.variables } : data;

  const change = async (key: keyof NotificationSettings, on: boolean) => {
    if (!data || save.isPending) return;
    try {
      await save.mutateAsync({ email: data.email, sms: data.sms, app: data.app, [key]: on });
      notifySuccess(NOTIFICATION_SETTINGS_MESSAGES.saved);
    } catch (error) {
      notifyError(error instanceof ApiError ? error.message : NOTIFICATION_SETTINGS_MESSAGES.saveFailed);
    }
  };

  return (
    <section aria-labelledby="notification-settings" aria-busy={isPending}>
      <Card withBorder padding="lg" radius="md">
        <Stack>
          <div>
            <Title order={2} size="h3" id="notification-settings">
              Notifications
            </Title>
            <Text size="sm" c="dimmed">
              Choose how Rentza tells you about your bookings.
            </Text>
          </div>
          {isPending && <Skeleton height={120} />}
          {isError && <Alert color="red">{NOTIFICATION_SETTINGS_MESSAGES.loadFailed}</Alert>}
          {data && shown && (
            <Stack gap="md">
              <Switch
                label="Email notifications"
                aria-label="Email notifications"
                description={EMAIL_DESCRIPTION}
                checked={shown.email}
                onChange={(event) => change('email', event.currentTarget.checked)}
              />
              {data.sms_available && (
                <Switch
                  label="SMS notifications"
                  aria-label="SMS notifications"
                  checked={shown.sms}
                  onChange={(event) => change('sms', event.currentTarget.checked)}
                />
              )}
              <Switch
                label="In-app notifications"
                aria-label="In-app notifications"
                description={APP_DESCRIPTION}
                checked={shown.app}
                onChange={(event) => change('app', event.currentTarget.checked)}
              />
            </Stack>
          )}
        </Stack>
      </Card>
    </section>
  );
}
