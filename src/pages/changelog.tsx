export { default, getServerSideProps } from '@/features/changelog/page/ChangelogPage';
