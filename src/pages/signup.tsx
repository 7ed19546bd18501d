export { default } from '@/features/accounts/page/SignupPage';
export { getServerSideProps } from '@/features/accounts/page/SignupPage.loader';
