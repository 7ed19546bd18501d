import { openApiRoute } from '@/features/docs/server/handlers';
export default openApiRoute;
export const config = { api: { bodyParser: false } };
