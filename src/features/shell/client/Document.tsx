import { Head, Html, Main, NextScript, type DocumentProps } from 'next/document';
import { THEME_SCRIPT } from '../theme-script';

export function Document(props: DocumentProps) {
  const pageProps = props.__NEXT_DATA__.props?.pageProps as { shell?: { workspace?: { defaultTheme?: string } } } | undefined;
  const defaultTheme = pageProps?.shell?.workspace?.defaultTheme ?? 'system';
  return (
    <Html lang="en" data-default-theme={defaultTheme} suppressHydrationWarning>
      <Head>
        <meta name="color-scheme" content="light dark" />
        {/* A constant script (no user data), allowed by its hash in the Content-Security-Policy. */}
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
