import { withShell } from '../server/with-shell';

/** Any path no screen owns: the styled 404, rendered per request with the workspace's shell. */
export default function UnknownPathPage() {
  return null;
}

export const getServerSideProps = withShell(async () => ({ notFound: true }));
