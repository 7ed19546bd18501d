export { default } from '@/features/shell/page/UnknownPathPage';
export { getServerSideProps } from '@/features/shell/page/UnknownPathPage.loader';
