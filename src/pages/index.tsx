export { default, getServerSideProps } from '@/features/boards/page/HomePage';
