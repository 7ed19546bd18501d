export { default } from '@/composition/feeds/DocumentPage';
export { sitemapLoader as getServerSideProps } from '@/composition/feeds/feeds.loader';
