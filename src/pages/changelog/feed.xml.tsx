export { default } from '@/composition/feeds/DocumentPage';
export { changelogFeedLoader as getServerSideProps } from '@/composition/feeds/feeds.loader';
