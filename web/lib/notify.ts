import { notifications } from '@mantine/notifications';

export const notifySuccess = (message: string) =>
  notifications.show({ color: 'teal', message, autoClose: 4000 });
export const notifyError = (message: string) =>
  notifications.show({ color: 'red', message, autoClose: 6000 });
