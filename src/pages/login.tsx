export { default } from '@/features/accounts/page/LoginPage';
export { getServerSideProps } from '@/features/accounts/page/LoginPage.loader';
