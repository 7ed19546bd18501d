export { default } from '@/composition/api/ApiDocsPage';
export { getServerSideProps } from '@/composition/api/ApiDocsPage.loader';
