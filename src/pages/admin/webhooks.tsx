// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/webhooks/page/WebhooksPage';
export { getServerSideProps } from '@/features/webhooks/page/WebhooksPage.loader';
