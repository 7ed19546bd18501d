export { default, getServerSideProps } from '@/features/accounts/page/SettingsProfilePage';
