export { default, getServerSideProps } from '@/features/shell/page/UnknownPathPage';
