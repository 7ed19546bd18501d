// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/composition/post/PostPage';
export { getServerSideProps } from '@/composition/post/PostPage.loader';
