import { ErrorPage } from '@/composition/shell/ErrorPages';

export default ErrorPage;
