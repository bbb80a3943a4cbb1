import { notifications } from '@mantine/notifications';

const closeButtonProps = { 'aria-label': 'Dismiss notification' };

export const notifySuccess = (message: string) =>
  notifications.show({ color: 'teal', message, autoClose: 4000, closeButtonProps });
export const notifyError = (message: string) =>
  notifications.show({ color: 'red', message, autoClose: 6000, closeButtonProps });
/** A titled notice that replaces any earlier one with the same id (e.g. why the app moved you). */
export const notifyNotice = (id: string, title: string, message: string) =>
  notifications.show({ id, color: 'yellow', title, message, autoClose: 8000, closeButtonProps });
