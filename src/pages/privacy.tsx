export { default } from '@/features/analytics/page/PrivacyPage';
export { getServerSideProps } from '@/features/analytics/page/PrivacyPage.loader';
