export { default } from '@/composition/feeds/DocumentPage';
export { boardFeedLoader as getServerSideProps } from '@/composition/feeds/feeds.loader';
