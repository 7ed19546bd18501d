export { default, getServerSideProps } from '@/features/diagnostics/page/TrivialPage';
