// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/composition/board/BoardPage';
export { getServerSideProps } from '@/composition/board/BoardPage.loader';
