export { default, getServerSideProps } from '@/features/accounts/page/SettingsAccountPage';
