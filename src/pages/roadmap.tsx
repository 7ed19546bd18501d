// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/composition/roadmap/RoadmapPage';
export { getServerSideProps } from '@/composition/roadmap/RoadmapPage.loader';
