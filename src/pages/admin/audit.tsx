// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/audit/page/AuditPage';
export { getServerSideProps } from '@/features/audit/page/AuditPage.loader';
