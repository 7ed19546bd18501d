import { withShell } from '@/features/shell/server/with-shell';
import { openApiDocument } from '@/server/http/openapi';
import { buildApiReference, type ApiReference } from '../reference';

export const getServerSideProps = withShell<{ reference: ApiReference }>(async () => ({
  props: { reference: buildApiReference(await openApiDocument()) },
}));
