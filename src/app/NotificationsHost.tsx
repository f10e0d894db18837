import { Notifications } from '@mantine/notifications';

/** The toasts' container, in its own chunk (see providers.tsx). */
export default function NotificationsHost() {
  return <Notifications position="top-right" />;
}
