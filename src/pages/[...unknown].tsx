export { default } from '@/composition/shell/UnknownPathPage';
export { getServerSideProps } from '@/composition/shell/UnknownPathPage.loader';
