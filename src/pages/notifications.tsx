export { default } from '@/features/notifications/page/NotificationsPage';
export { getServerSideProps } from '@/features/notifications/page/NotificationsPage.loader';
