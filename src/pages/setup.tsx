export { default } from '@/features/accounts/page/SetupPage';
export { getServerSideProps } from '@/features/accounts/page/SetupPage.loader';
