export { default } from '@/features/accounts/page/ResetPasswordPage';
export { getServerSideProps } from '@/features/accounts/page/ResetPasswordPage.loader';
