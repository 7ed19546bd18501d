// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/composition/new-post/NewPostPage';
export { getServerSideProps } from '@/composition/new-post/NewPostPage.loader';
