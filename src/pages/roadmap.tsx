export { default, getServerSideProps } from '@/features/roadmap/page/RoadmapPage';
