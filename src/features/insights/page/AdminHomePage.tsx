import { forbidden, withShell } from '@/features/shell/server/with-shell';

/**
 * `/admin`: the team's insights. Only moderators and admins may see it; until accounts
 * exist nobody can sign in as one, so every request is refused with the styled 403.
 */
export default function AdminHomePage() {
  return null;
}

export const getServerSideProps = withShell(async () => ({ props: forbidden }));
