/**
 * The visitor's analytics consent, kept in this browser only, and the browser's own privacy
 * signals (Do Not Track, Global Privacy Control), which override any consent.
 */
export const CONSENT_STORAGE_KEY = 'chorus.consent';

export const CONSENT_CHOICES = ['granted', 'denied'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  return CONSENT_CHOICES.find((c) => c === value) ?? null;
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/** The stored choice, or null when there is none or storage cannot be read (private modes, policies). */
export function readConsent(storage: ReadableStorage | null): ConsentChoice | null {
  try {
    return parseConsent(storage?.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Stores the choice; false when storage refuses it (the choice then lasts for this page only). */
export function writeConsent(storage: WritableStorage | null, choice: ConsentChoice): boolean {
  try {
    if (!storage) return false;
    storage.setItem(CONSENT_STORAGE_KEY, choice);
    return true;
  } catch {
    return false;
  }
}

export type PrivacySignal = 'do-not-track' | 'global-privacy-control';

/** The parts of `navigator` that carry privacy signals (both are missing in some browsers). */
export interface PrivacySignalSource {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/** Do Not Track ("1"; old Firefox said "yes") or Global Privacy Control: either means no analytics, ever. */
export function detectPrivacySignal(nav: PrivacySignalSource | null | undefined): PrivacySignal | null {
  if (!nav) return null;
  if (nav.globalPrivacyControl === true) return 'global-privacy-control';
  if (nav.doNotTrack === '1' || nav.doNotTrack === 'yes') return 'do-not-track';
  return null;
}
