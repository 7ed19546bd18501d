export { default } from '@/features/boards/page/HomePage';
export { getServerSideProps } from '@/features/boards/page/HomePage.loader';
