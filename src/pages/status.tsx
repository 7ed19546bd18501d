// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/health/page/StatusPage';
export { getServerSideProps } from '@/features/health/page/StatusPage.loader';
