// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/changelog/page/ChangelogEntryPage';
export { getServerSideProps } from '@/features/changelog/page/ChangelogEntryPage.loader';
