export { default } from '@/features/roadmap/page/RoadmapPage';
export { getServerSideProps } from '@/features/roadmap/page/RoadmapPage.loader';
