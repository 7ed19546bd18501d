import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '@/features/widget/protocol-schema';
import { isNewEntry } from '../widget-data';
import { ApiError } from '@/lib/api';
import { identifyFailedData, isFromHost } from './host-bridge';

describe('the panel hears only its embedding page', () => {
  const parent = {};
  const msg = { p: PROTOCOL, type: 'identify', token: 't' };

  it('takes a protocol message from the parent window at the allowed host origin', () => {
    expect(isFromHost({ origin: 'https://app.example.com', source: parent as never, data: msg }, 'https://app.example.com', parent)).toBe(
      true,
    );
  });

  it('ignores another origin, another window, another protocol, and everything when no host is allowed', () => {
    expect(isFromHost({ origin: 'https://evil.example', source: parent as never, data: msg }, 'https://app.example.com', parent)).toBe(
      false,
    );
    expect(isFromHost({ origin: 'https://app.example.com', source: {} as never, data: msg }, 'https://app.example.com', parent)).toBe(
      false,
    );
    expect(
      isFromHost(
        { origin: 'https://app.example.com', source: parent as never, data: { type: 'identify' } },
        'https://app.example.com',
        parent,
      ),
    ).toBe(false);
    expect(isFromHost({ origin: 'null', source: parent as never, data: msg }, null, parent)).toBe(false);
  });
});

describe('what counts as new in "What\'s new"', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('is what was published after the last visit', () => {
    expect(isNewEntry({ publishedAt: '2026-11-20T00:00:00Z' }, '2026-11-19T00:00:00Z', now)).toBe(true);
    expect(isNewEntry({ publishedAt: '2026-11-20T00:00:00Z' }, '2026-11-20T00:00:00Z', now)).toBe(false);
  });
  it('is the last 30 days on a first visit', () => {
    expect(isNewEntry({ publishedAt: '2026-11-01T00:00:00Z' }, null, now)).toBe(true);
    expect(isNewEntry({ publishedAt: '2026-10-01T00:00:00Z' }, null, now)).toBe(false);
  });
});

describe('identify.failed tells the host’s developers which check failed', () => {
  it('carries the API’s code and English sentence, and a generic one for anything else', () => {
    const expired = new ApiError(
      410,
      'TOKEN_INVALID',
      'The sign-in link has expired. Go back to the product you came from and follow its link again.',
    );
    expect(identifyFailedData(expired)).toEqual({ code: 'TOKEN_INVALID', message: expired.message });
    expect(identifyFailedData(new Error('secret internals'))).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
});
