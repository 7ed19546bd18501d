import { describe, expect, it } from 'vitest';
import { workspaceSettingsForm } from '@/features/settings/schema';
import { canonicalOrigin, widgetOriginsSchema } from './schema';

describe('the widget’s allowed host origins', () => {
  it('keeps origins in the form browsers report them (event.origin, frame-ancestors)', () => {
    expect(canonicalOrigin('https://app.example.com')).toBe('https://app.example.com');
    expect(canonicalOrigin(' HTTPS://App.Example.COM/ ')).toBe('https://app.example.com');
    expect(canonicalOrigin('https://app.example.com:443')).toBe('https://app.example.com');
    expect(canonicalOrigin('https://app.example.com:8443')).toBe('https://app.example.com:8443');
    expect(canonicalOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(canonicalOrigin('http://127.0.0.2:7394')).toBe('http://127.0.0.2:7394');
  });

  it('refuses anything that is not exactly an origin', () => {
    for (const bad of [
      'app.example.com',
      'https://app.example.com/path',
      'https://app.example.com?x=1',
      'https://app.example.com#x',
      'https://user:pw@app.example.com',
      'https://*.example.com',
      'ftp://app.example.com',
      'javascript:alert(1)',
      'data:text/html,hi',
      "https://a.example.com 'unsafe-inline'",
      'https://a.example.com;script-src *',
      '*',
      "'self'",
      'https://',
      '',
    ]) {
      expect(canonicalOrigin(bad), bad).toBeNull();
    }
  });

  it('checks a whole list: canonical, without duplicates, and names the bad entries together', () => {
    expect(widgetOriginsSchema.parse(['https://a.example.com/', 'https://A.example.com', ' ', 'http://localhost:3000'])).toEqual([
      'https://a.example.com',
      'http://localhost:3000',
    ]);
    const bad = widgetOriginsSchema.safeParse(['https://ok.example.com', 'nope', 'https://x.example.com/path']);
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^Not origins .*: nope, https:\/\/x\.example\.com\/path$/);
    expect(widgetOriginsSchema.safeParse(Array.from({ length: 51 }, (_, i) => `https://h${i}.example.com`)).success).toBe(false);
  });

  it('is the settings form’s rule too, from its free text', () => {
    const base = {
      name: 'Acme',
      accentColor: '#6d28d9',
      defaultTheme: 'system',
      defaultLocale: 'en',
      access: 'public',
      signupPolicy: 'open',
      allowedDomains: '',
      moderation: 'off',
      emailConfirmation: 'auto',
      showPoweredBy: true,
    };
    expect(workspaceSettingsForm.parse({ ...base, widgetOrigins: 'https://a.example.com, https://b.example.com\n' }).widgetOrigins).toEqual(
      ['https://a.example.com', 'https://b.example.com'],
    );
    const refused = workspaceSettingsForm.safeParse({ ...base, widgetOrigins: 'https://a.example.com/app' });
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toEqual(['widgetOrigins']);
  });
});
