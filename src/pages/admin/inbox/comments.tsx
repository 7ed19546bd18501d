// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/moderation/page/InboxPage';
export { getServerSideProps } from '@/features/moderation/page/InboxPage.loader';
