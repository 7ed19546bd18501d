import NextDocument, { Head, Html, Main, NextScript, type DocumentContext, type DocumentInitialProps } from 'next/document';
import { THEME_SCRIPT } from '@/lib/theme-script';
import { directionOf, isLocale, SOURCE_LOCALE } from '@/core/i18n/locales';

type Props = DocumentInitialProps & { nonce?: string };

/** The HTML document. Every script carries this response's CSP nonce (set by the server as x-nonce). */
export class Document extends NextDocument<Props> {
  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
    const initial = await NextDocument.getInitialProps(ctx);
    const nonce = ctx.req?.headers['x-nonce'];
    return { ...initial, nonce: typeof nonce === 'string' ? nonce : undefined };
  }

  render() {
    const { nonce } = this.props;
    const pageProps = this.props.__NEXT_DATA__.props?.pageProps as
      { shell?: { locale?: string; workspace?: { defaultTheme?: string; faviconUrl?: string | null } } } | undefined;
    const defaultTheme = pageProps?.shell?.workspace?.defaultTheme ?? 'system';
    const asked = pageProps?.shell?.locale;
    const locale = isLocale(asked) ? asked : SOURCE_LOCALE;
    const favicon = pageProps?.shell?.workspace?.faviconUrl;
    return (
      <Html lang={locale} dir={directionOf(locale)} data-default-theme={defaultTheme} suppressHydrationWarning>
        <Head nonce={nonce}>
          <meta name="color-scheme" content="light dark" />
          {favicon ? (
            <>
              <link rel="icon" href={favicon} type="image/png" sizes="32x32" />
              <link rel="apple-touch-icon" href={`${favicon}/large`} />
            </>
          ) : (
            <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
          )}
          {/* A constant script (no user data): applies the theme before first paint. */}
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        </Head>
        <body>
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
