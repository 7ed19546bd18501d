// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/api-keys/page/ApiKeysPage';
export { getServerSideProps } from '@/features/api-keys/page/ApiKeysPage.loader';
