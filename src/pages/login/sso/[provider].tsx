export { default } from '@/features/accounts/page/SsoCallbackPage';
export { getServerSideProps } from '@/features/accounts/page/SsoCallbackPage.loader';
