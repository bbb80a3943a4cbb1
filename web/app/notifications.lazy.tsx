// Loaded by app.tsx after the first render: the toast container is not needed to show a page.
export { Notifications as default } from '@mantine/notifications';
