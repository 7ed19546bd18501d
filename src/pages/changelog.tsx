export { default } from '@/features/changelog/page/ChangelogPage';
export { getServerSideProps } from '@/features/changelog/page/ChangelogPage.loader';
