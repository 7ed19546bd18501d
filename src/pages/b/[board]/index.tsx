// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/boards/page/BoardPage';
export { getServerSideProps } from '@/features/boards/page/BoardPage.loader';
