export { default } from '@/features/docs/page/ApiDocsPage';
export { getServerSideProps } from '@/composition/api/ApiDocsPage.loader';
