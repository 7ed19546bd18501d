import { describe, expect, it } from 'vitest';
import { accentPalette } from '@/lib/accent';
import { accountEmails } from './emails';

describe('account emails', () => {
  it('draw their button in the workspace’s accent, darkened until its white label reads', () => {
    const teal = accountEmails.invite('jamie@example.test', { name: 'Acme', accentColor: '#14b8a6' }, 'tok', 'Ada', 'en');
    const accent = accentPalette('#14b8a6').light.accent;
    expect(accent).not.toBe('#14b8a6'); // too light for white text as it is
    expect(teal.html).toContain(`background:${accent};color:#fff`);
    // A colour that is not one falls back to the default accent; nothing of it reaches the style.
    const odd = accountEmails.magicLink('jamie@example.test', { name: 'Acme', accentColor: 'red;x:url(y)' }, 'tok', 'en');
    expect(odd.html).toContain(`background:${accentPalette('#6d28d9').light.accent};`);
    expect(odd.html).not.toContain('url(y)');
  });
});
