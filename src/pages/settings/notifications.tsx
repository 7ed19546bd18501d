export { default } from '@/composition/settings/NotificationSettingsPage';
export { getServerSideProps } from '@/composition/settings/NotificationSettingsPage.loader';
