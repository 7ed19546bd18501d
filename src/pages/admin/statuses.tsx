// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/statuses/page/StatusesPage';
export { getServerSideProps } from '@/features/statuses/page/StatusesPage.loader';
