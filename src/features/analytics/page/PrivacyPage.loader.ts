import { withShell } from '@/server/page/with-shell';

export const getServerSideProps = withShell(undefined, { namespaces: ['analytics'] });
