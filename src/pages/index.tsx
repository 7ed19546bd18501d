export { default } from '@/composition/home/HomePage';
export { getServerSideProps } from '@/composition/home/HomePage.loader';
