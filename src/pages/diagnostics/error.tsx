export { default } from '@/features/diagnostics/page/FailingPage';
export { getServerSideProps } from '@/features/diagnostics/page/FailingPage.loader';
