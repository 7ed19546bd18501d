// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/posts/page/NewPostPage';
export { getServerSideProps } from '@/features/posts/page/NewPostPage.loader';
