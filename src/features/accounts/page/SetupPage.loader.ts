import { withShell } from '@/server/page/with-shell';

export const getServerSideProps = withShell(undefined, { setupPage: true, namespaces: ['auth'] });
