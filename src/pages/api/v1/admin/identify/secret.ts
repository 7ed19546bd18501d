import { identifySecretRoute } from '@/features/identify/server/handlers';

export default identifySecretRoute;
export const config = { api: { bodyParser: false } };
