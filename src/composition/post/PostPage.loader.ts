import { loadPostPage } from './post-page-data';
import { notFound, withShell } from '@/server/page/with-shell';
import { keptFor } from '@/server/cache/visitor-cache';
import { AppError } from '@/server/http/errors';
import { postNumberParam } from '@/features/posts/schema';
import type { PostPageProps } from './post-page-types';

/** `/p/42` and `/p/42-any-slug`: hidden, deleted or missing posts are the 404 screen. */
export const getServerSideProps = withShell<PostPageProps & Record<string, unknown>>(async (ctx, { actor }) => {
  const parsed = postNumberParam.safeParse(ctx.params?.number);
  if (!parsed.success) return { props: notFound };
  try {
    return {
      props: { ...(await keptFor(actor, `post:${parsed.data}`, () => loadPostPage(actor, parsed.data), { post: parsed.data })) },
    };
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return { props: notFound };
    throw err;
  }
});
