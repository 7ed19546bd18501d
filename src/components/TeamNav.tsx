import Link from 'next/link';
import { useRouter } from 'next/router';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslations } from 'use-intl';
import { paths } from '@/config/paths';
import { canAdminister, canEnterTeamArea, canWriteChangelog, type Decision, type PolicyActor } from '@/core/identity/policy';
import type { Viewer } from '@/core/identity/viewer';

type NavKey =
  | 'insights'
  | 'inbox'
  | 'boards'
  | 'statuses'
  | 'tags'
  | 'changelog'
  | 'members'
  | 'webhooks'
  | 'apiKeys'
  | 'audit'
  | 'outbox'
  | 'settings'
  | 'data';

/** The screens of the team area; `label` is the key of its name in `teamWork.nav`. */
const ITEMS: { href: string; label: NavKey; match: (path: string) => boolean; allowed: (actor: PolicyActor) => Decision }[] = [
  { href: paths.admin(), label: 'insights', match: (p) => p === '/admin' || p === '/admin/', allowed: canEnterTeamArea },
  { href: paths.adminInbox(), label: 'inbox', match: (p) => p.startsWith('/admin/inbox'), allowed: canEnterTeamArea },
  { href: paths.adminBoards(), label: 'boards', match: (p) => p.startsWith('/admin/boards'), allowed: canAdminister },
  { href: paths.adminStatuses(), label: 'statuses', match: (p) => p.startsWith('/admin/statuses'), allowed: canAdminister },
  { href: paths.adminTags(), label: 'tags', match: (p) => p.startsWith('/admin/tags'), allowed: canAdminister },
  { href: paths.adminChangelog(), label: 'changelog', match: (p) => p.startsWith('/admin/changelog'), allowed: canWriteChangelog },
  { href: paths.adminMembers(), label: 'members', match: (p) => p.startsWith('/admin/members'), allowed: canEnterTeamArea },
  { href: paths.adminWebhooks(), label: 'webhooks', match: (p) => p.startsWith('/admin/webhooks'), allowed: canAdminister },
  { href: paths.adminApiKeys(), label: 'apiKeys', match: (p) => p.startsWith('/admin/api-keys'), allowed: canAdminister },
  { href: paths.adminAudit(), label: 'audit', match: (p) => p.startsWith('/admin/audit'), allowed: canAdminister },
  { href: paths.adminOutbox(), label: 'outbox', match: (p) => p.startsWith('/admin/outbox'), allowed: canAdminister },
  { href: paths.adminSettings(), label: 'settings', match: (p) => p.startsWith('/admin/settings'), allowed: canAdminister },
  { href: paths.adminData(), label: 'data', match: (p) => p.startsWith('/admin/data'), allowed: canAdminister },
];

/**
 * Notices shown under the team navigation on every team screen (e.g. that email is not
 * configured). The app shell provides them, so this design-system piece imports no feature.
 */
export const TeamAreaNotices = createContext<ReactNode>(null);

/** The team area's sub-navigation, with the shell's team-area notices under it. */
export function TeamNav({ viewer }: { viewer: Viewer | null }) {
  const notices = useContext(TeamAreaNotices);
  return (
    <>
      <TeamLinks viewer={viewer} />
      {notices}
    </>
  );
}

/** The screens this person may open, the current one marked. */
function TeamLinks({ viewer }: { viewer: Viewer | null }) {
  const t = useTranslations('teamWork.nav');
  const { asPath } = useRouter();
  const current = asPath.split(/[?#]/)[0] ?? '';
  const actor: PolicyActor = viewer ? { kind: 'user', id: viewer.id, role: viewer.role } : { kind: 'visitor' };
  const items = ITEMS.filter((item) => item.allowed(actor) === 'allow');
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('label')} className="mb-6 border-b border-border pb-3" data-testid="team-nav">
      <ul className="flex flex-wrap gap-1">
        {items.map((item) => {
          const active = item.match(current);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                className={`block rounded-md px-3 py-1.5 text-sm font-medium ${active ? 'bg-accent text-accent-fg' : 'text-muted hover:bg-bg hover:text-fg'}`}
              >
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
