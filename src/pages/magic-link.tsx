export { default } from '@/features/accounts/page/MagicLinkPage';
export { getServerSideProps } from '@/features/accounts/page/MagicLinkPage.loader';
