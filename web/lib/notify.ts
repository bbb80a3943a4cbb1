import { notifications } from '@mantine/notifications';

const closeButtonProps = { 'aria-label': 'Dismiss notification' };

export const notifySuccess = (message: string) =>
  notifications.show({ color: 'teal', message, autoClose: 4000, closeButtonProps });
export const notifyError = (message: string) =>
  notifications.show({ color: 'red', message, autoClose: 6000, closeButtonProps });
