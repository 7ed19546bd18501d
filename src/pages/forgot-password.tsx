export { default } from '@/features/accounts/page/ForgotPasswordPage';
export { getServerSideProps } from '@/features/accounts/page/ForgotPasswordPage.loader';
