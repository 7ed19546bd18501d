// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/features/members/page/MembersPage';
export { getServerSideProps } from '@/features/members/page/MembersPage.loader';
