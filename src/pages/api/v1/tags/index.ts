import { tagsRoute } from '@/features/tags/server/handlers';

export default tagsRoute;
export const config = { api: { bodyParser: false } };
