export { default } from '@/features/diagnostics/page/TrivialPage';
export { getServerSideProps } from '@/features/diagnostics/page/TrivialPage.loader';
