export { default } from '@/features/accounts/page/SettingsAccountPage';
export { getServerSideProps } from '@/features/accounts/page/SettingsAccountPage.loader';
