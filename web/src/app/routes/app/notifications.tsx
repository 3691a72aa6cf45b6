/** Every notification of the signed-in user (`/notifications`), which the bell's panel links to. */
export { NotificationsPage } from '../../../features/notifications/components/notifications-page.tsx'
