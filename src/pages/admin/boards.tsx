// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/boards/page/AdminBoardsPage';
export { getServerSideProps } from '@/features/boards/page/AdminBoardsPage.loader';
