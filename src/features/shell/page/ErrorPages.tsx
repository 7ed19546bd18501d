import { ErrorView } from '../client/ErrorView';

/** Static fallbacks; pages normally render their 403/404 inside the shell via `withShell`. */
export function NotFoundPage() {
  return <ErrorView code={404} />;
}

export function ServerErrorPage() {
  return <ErrorView code={500} />;
}
