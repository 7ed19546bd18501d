import { ServerErrorPage } from '@/features/shell/page/ErrorPages';

export default ServerErrorPage;
