// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/changelog/page/AdminChangelogPage';
export { getServerSideProps } from '@/features/changelog/page/AdminChangelogPage.loader';
