import { postPropertiesRoute } from '@/features/posts/server/triage-handlers';

export default postPropertiesRoute;
export const config = { api: { bodyParser: false } };
