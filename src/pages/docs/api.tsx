export { default } from '@/features/docs/page/ApiDocsPage';
export { getServerSideProps } from '@/features/docs/page/ApiDocsPage.loader';
