export { default } from '@/features/identify/page/SsoPage';
export { getServerSideProps } from '@/features/identify/page/SsoPage.loader';
