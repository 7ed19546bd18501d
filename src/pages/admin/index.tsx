// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/insights/page/InsightsPage';
export { getServerSideProps } from '@/features/insights/page/InsightsPage.loader';
