// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/posts/page/PostPage';
export { getServerSideProps } from '@/features/posts/page/PostPage.loader';
