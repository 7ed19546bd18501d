export { default } from '@/features/insights/page/AdminHomePage';
export { getServerSideProps } from '@/features/insights/page/AdminHomePage.loader';
