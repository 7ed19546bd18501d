export { default } from '@/features/notifications/page/UnsubscribePage';
export { getServerSideProps } from '@/features/notifications/page/UnsubscribePage.loader';
