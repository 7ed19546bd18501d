import { sql } from 'drizzle-orm';
import { canAdminister } from '@/core/identity/policy';
import { queryRows } from '@/server/db/client';
import { gate, withShell } from '@/server/page/with-shell';
import type { DataPageProps } from './DataPage';

/** Admins only: members get the 403 screen, visitors the sign-in page. */
export const getServerSideProps = withShell<DataPageProps>(async (ctx, { actor }) => {
  const denied = gate(ctx, canAdminister(actor));
  if (denied) return denied;
  const boards = await queryRows<{ slug: string; name: string }>(sql`select slug, name from boards order by position, slug`);
  const [{ n }] = (await queryRows<{ n: number }>(sql`select count(*)::int as n from posts`)) as [{ n: number }];
  return { props: { boards, postCount: Number(n) } };
});
