import { withShell } from '@/server/page/with-shell';

export const getServerSideProps = withShell(async () => ({ notFound: true }));
