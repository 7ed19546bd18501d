import { openApiRoute } from '@/composition/api/registry';
export default openApiRoute;
export const config = { api: { bodyParser: false } };
