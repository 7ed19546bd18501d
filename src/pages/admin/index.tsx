export { default, getServerSideProps } from '@/features/insights/page/AdminHomePage';
