import { memoryRoute } from '@/features/diagnostics/server/handlers';
export default memoryRoute;
