/**
 * An example call of one API operation: what to send and what comes back. Examples live here, in
 * the composition layer, keyed `METHOD /api/v1/path`, rather than on each feature's endpoint: they
 * are documentation that spans features (a post example names a board, a tag, a status), and
 * keeping them apart keeps the features' handler files small. The keys are checked by the
 * compiler against the operations the routes declare (ExampleOperationKey): a key naming no
 * operation, or an operation without an example, does not compile. examples.test.ts sends each
 * one to the real route in a seeded workspace and fails when the route answers another shape.
 */
import type { Role } from '@/core/identity/roles';
import type { OperationKey } from '@/server/http/route';
import type { PAGE_ROUTES } from '../routes';

/**
 * Every operation of the API: those of the routes under src/pages/api/v1, and the OpenAPI
 * document's own, which ../registry declares (importing it here would be a cycle: it imports the
 * examples). examples-doc.test.ts checks that this is the registry's ApiOperationKey.
 */
export type ExampleOperationKey = OperationKey<(typeof PAGE_ROUTES)[number]> | 'GET /api/v1/openapi.json';

/** Who the example is written for; examples.test.ts calls the route as that person. */
export type ExampleCaller = 'visitor' | Role | 'account';

export interface ApiExample {
  /** Path parameters by name, as they appear in the URL. */
  params?: Record<string, string>;
  /** Query parameters. */
  query?: Record<string, string>;
  /** The JSON request body. */
  body?: unknown;
  /** A request body that is a file (uploads): its media type and the file the curl line sends. */
  file?: { contentType: string; name: string };
  /** The success status the route answers. */
  status: number;
  /** The JSON response body (absent for 204, or for a body that is not JSON). */
  response?: unknown;
  /** A success body that is not JSON: its media type, and its first line for text. */
  media?: { type: string; firstLine?: string; note: string };
  /** Who calls it; by default read from the endpoint's policy (see callerOf). */
  as?: ExampleCaller;
  /**
   * `subset`: the response example shows only some keys of objects whose keys are data (the
   * OpenAPI document's paths); its keys must exist, with the same types, in the real answer.
   */
  compare?: 'subset';
}

/** Some operations' examples (one file's): each key names an operation the API has. */
export type ExamplesFor = Partial<Record<ExampleOperationKey, ApiExample>>;

/** Every operation's example: the type of the whole set, which must miss none. */
export type ExamplesOfEveryOperation = Record<ExampleOperationKey, ApiExample>;

/** Examples looked up by a `METHOD /api/v1/path` built at run time. */
export type ApiExamples = Readonly<Record<string, ApiExample>>;
