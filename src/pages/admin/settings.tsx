// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/settings/page/WorkspaceSettingsPage';
export { getServerSideProps } from '@/features/settings/page/WorkspaceSettingsPage.loader';
