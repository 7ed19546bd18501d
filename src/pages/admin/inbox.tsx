// The loader is a separate module: only the page component enters the browser bundle.
export { default } from '@/composition/triage/TriagePage';
export { getServerSideProps } from '@/composition/triage/TriagePage.loader';
