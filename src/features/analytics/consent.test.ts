import { describe, expect, it } from 'vitest';
import { CONSENT_STORAGE_KEY, detectPrivacySignal, parseConsent, readConsent, writeConsent } from './consent';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
};

describe('consent storage', () => {
  it('uses the chorus.consent key with granted | denied', () => {
    expect(CONSENT_STORAGE_KEY).toBe('chorus.consent');
    expect(readConsent(memoryStorage({ 'chorus.consent': 'granted' }))).toBe('granted');
    expect(readConsent(memoryStorage({ 'chorus.consent': 'denied' }))).toBe('denied');
  });

  it('treats anything else, missing or unreadable storage as no choice', () => {
    expect(parseConsent('yes')).toBeNull();
    expect(parseConsent('GRANTED')).toBeNull();
    expect(readConsent(memoryStorage())).toBeNull();
    expect(readConsent(null)).toBeNull();
    expect(
      readConsent({
        getItem: () => {
          throw new DOMException('denied', 'SecurityError');
        },
      }),
    ).toBeNull();
  });

  it('writes the choice, and reports storage that refuses it', () => {
    const s = memoryStorage();
    expect(writeConsent(s, 'denied')).toBe(true);
    expect(s.data.get('chorus.consent')).toBe('denied');
    expect(writeConsent(null, 'granted')).toBe(false);
    expect(
      writeConsent(
        {
          setItem: () => {
            throw new DOMException('full', 'QuotaExceededError');
          },
        },
        'granted',
      ),
    ).toBe(false);
  });
});

describe('privacy signals', () => {
  it('honours Do Not Track and Global Privacy Control', () => {
    expect(detectPrivacySignal({ doNotTrack: '1' })).toBe('do-not-track');
    expect(detectPrivacySignal({ doNotTrack: 'yes' })).toBe('do-not-track');
    expect(detectPrivacySignal({ globalPrivacyControl: true })).toBe('global-privacy-control');
    expect(detectPrivacySignal({ doNotTrack: '1', globalPrivacyControl: true })).toBe('global-privacy-control');
  });

  it('sees no signal otherwise', () => {
    expect(detectPrivacySignal({ doNotTrack: '0' })).toBeNull();
    expect(detectPrivacySignal({ doNotTrack: null, globalPrivacyControl: false })).toBeNull();
    expect(detectPrivacySignal({})).toBeNull();
    expect(detectPrivacySignal(null)).toBeNull();
  });
});
