export { default, getServerSideProps } from '@/features/analytics/page/PrivacyPage';
