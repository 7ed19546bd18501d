import { buildApiReference, type ApiReference } from './reference';
import { withShell } from '@/server/page/with-shell';
import { openApiDocument } from './registry';
import { API_EXAMPLES } from './examples';

/** `/docs/api`: the OpenAPI document of every registered route, as a readable reference. */
export const getServerSideProps = withShell<{ reference: ApiReference }>(async () => ({
  props: { reference: buildApiReference(openApiDocument(), API_EXAMPLES) },
}));
