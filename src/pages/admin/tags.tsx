// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/tags/page/TagsPage';
export { getServerSideProps } from '@/features/tags/page/TagsPage.loader';
