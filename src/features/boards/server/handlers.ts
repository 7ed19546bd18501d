import { canAdminister } from '@/features/accounts/policy';
import { anyone } from '@/server/http/actor';
import { endpoint, json, route } from '@/server/http/route';
import { boardInput, boardParams, boardReorderInput, boardUpdateInput } from '../schema';
import { createBoard, getBoard, listBoards, reorderBoards, updateBoardAs } from './service';

/** GET /api/v1/boards: the boards the caller may see; POST: admins create one. */
export const boardsRoute = route({
  GET: endpoint({
    authorize: anyone,
    handle: async ({ actor }) => json({ items: await listBoards(actor) }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    body: boardInput,
    handle: async ({ actor, body, ip }) => json(await createBoard(actor, body, ip), 201),
  }),
});

/** GET /api/v1/boards/[board] (404 when hidden); PATCH: admins change it. */
export const boardRoute = route({
  GET: endpoint({
    authorize: anyone,
    query: boardParams,
    handle: async ({ actor, query }) => json(await getBoard(actor, query.board)),
  }),
  PATCH: endpoint({
    authorize: canAdminister,
    query: boardParams,
    body: boardUpdateInput,
    handle: async ({ actor, query, body, ip }) => json(await updateBoardAs(actor, query.board, body, ip)),
  }),
});

/** POST /api/v1/boards/reorder {ids}: admins set the order of every board. */
export const boardReorderRoute = route({
  POST: endpoint({
    authorize: canAdminister,
    body: boardReorderInput,
    handle: async ({ actor, body, ip }) => json({ items: await reorderBoards(actor, body.ids, ip) }),
  }),
});
