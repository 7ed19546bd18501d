import { paths } from '@/config/paths';
import { withShell } from '@/server/page/with-shell';
import { previewInvitation } from '../server/invite-preview';
import { passwordSignInAllowed } from '../server/sso-service';
import type { SignupProps } from './SignupPage';

export const getServerSideProps = withShell<SignupProps>(
  async (ctx, { actor }) => {
    if (actor.kind === 'user') return { redirect: { destination: paths.home(), permanent: false } };
    // Single sign-on only: accounts are made by signing in through a provider.
    if (!(await passwordSignInAllowed())) return { redirect: { destination: paths.login(), permanent: false } };
    const raw = ctx.query.invite;
    const inviteToken = typeof raw === 'string' && raw ? raw : null;
    return { props: { inviteToken, invitation: inviteToken ? await previewInvitation(inviteToken) : null } };
  },
  { openToVisitors: true, namespaces: ['auth'] },
);
