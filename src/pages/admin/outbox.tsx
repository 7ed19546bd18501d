export { default } from '@/features/notifications/page/OutboxPage';
export { getServerSideProps } from '@/features/notifications/page/OutboxPage.loader';
