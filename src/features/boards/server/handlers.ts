import { canAdminister } from '@/core/identity/policy';
import { anyone } from '@/core/identity/policy';
import { endpoint, json, route } from '@/server/http/route';
import {
  adminBoardSchema,
  boardAnswerSchema,
  boardInput,
  boardListSchema,
  boardParams,
  boardReorderInput,
  boardUpdateInput,
} from '../schema';
import { createBoard, getBoard, listBoards, reorderBoards, updateBoardAs } from './service';

/** GET /api/v1/boards: the boards the caller may see; POST: admins create one. */
export const boardsRoute = route('/api/v1/boards', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    widget: true,
    summary: 'List the boards you may see',
    description:
      'In position order, each with its count of visible, unmerged posts; archived boards are flagged. Private ' +
      'boards appear to the team and to the members they are granted to.',
    response: boardListSchema,
    handle: async ({ actor }) => json({ items: await listBoards(actor) }),
  }),
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    summary: 'Create a board',
    description:
      'Slugs are unique and not reserved words; a private board is seen by the team and the granted members. Answers 201 with ' +
      'the board, its granted members included.',
    errors: ['CONFLICT'],
    body: boardInput,
    response: adminBoardSchema,
    handle: async ({ actor, body, ip }) => json(await createBoard(actor, body, ip), 201),
  }),
});

/** GET /api/v1/boards/[board] (404 when hidden); PATCH: admins change it. */
export const boardRoute = route('/api/v1/boards/{board}', {
  GET: endpoint({
    authorize: anyone,
    apiKey: 'key',
    summary: 'Read a board',
    description: 'A board you may not see answers 404. Admins also receive its granted members.',
    query: boardParams,
    response: boardAnswerSchema,
    handle: async ({ actor, query }) => json(await getBoard(actor, query.board)),
  }),
  PATCH: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    summary: 'Change a board',
    description:
      'Any of name, slug, description, visibility, posting, grantedUserIds (replaces the list) and archived. Answers the ' +
      'board, its granted members included.',
    errors: ['CONFLICT'],
    query: boardParams,
    body: boardUpdateInput,
    response: adminBoardSchema,
    handle: async ({ actor, query, body, ip }) => json(await updateBoardAs(actor, query.board, body, ip)),
  }),
});

/** POST /api/v1/boards/reorder {ids}: admins put the listed boards in this order. */
export const boardReorderRoute = route('/api/v1/boards/reorder', {
  POST: endpoint({
    authorize: canAdminister,
    apiKey: 'key',
    summary: 'Reorder the boards',
    description:
      'The listed boards take the given order, in the places they held; boards not listed keep theirs. Answers every board ' +
      'in the new order.',
    body: boardReorderInput,
    response: boardListSchema,
    handle: async ({ actor, body, ip }) => json({ items: await reorderBoards(actor, body.ids, ip) }),
  }),
});
