export { default } from '@/features/accounts/page/VerifyEmailPage';
export { getServerSideProps } from '@/features/accounts/page/VerifyEmailPage.loader';
