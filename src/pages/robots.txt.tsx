export { default } from '@/composition/feeds/DocumentPage';
export { robotsLoader as getServerSideProps } from '@/composition/feeds/feeds.loader';
