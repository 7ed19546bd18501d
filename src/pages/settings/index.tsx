export { default } from '@/features/accounts/page/SettingsProfilePage';
export { getServerSideProps } from '@/features/accounts/page/SettingsProfilePage.loader';
