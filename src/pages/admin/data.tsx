export { default } from '@/composition/data/DataPage';
export { getServerSideProps } from '@/composition/data/DataPage.loader';
