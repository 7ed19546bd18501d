import { markdownPreviewRoute } from '@/features/posts/server/handlers';

export default markdownPreviewRoute;
export const config = { api: { bodyParser: false } };
