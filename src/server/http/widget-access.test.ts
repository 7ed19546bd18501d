import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '@/composition/api/registry';
import { WIDGET_ACCESS, widgetMayCall } from './widget-access';

describe('what a widget session may call', () => {
  it('allows the panel’s calls', () => {
    expect(widgetMayCall('GET', '/api/v1/posts')).toBe(true);
    expect(widgetMayCall('POST', '/api/v1/posts')).toBe(true);
    expect(widgetMayCall('GET', '/api/v1/posts/similar')).toBe(true);
    expect(widgetMayCall('PUT', '/api/v1/posts/12/vote')).toBe(true);
    expect(widgetMayCall('DELETE', '/api/v1/posts/12-dark-mode/vote')).toBe(true);
    expect(widgetMayCall('GET', '/api/v1/changelog')).toBe(true);
    expect(widgetMayCall('GET', '/api/v1/boards')).toBe(true);
  });

  it('refuses everything else: other methods on the same paths, the account, the team’s tools, unknown paths', () => {
    expect(widgetMayCall('DELETE', '/api/v1/posts/12')).toBe(false);
    expect(widgetMayCall('PATCH', '/api/v1/posts/12')).toBe(false);
    expect(widgetMayCall('POST', '/api/v1/posts/12/comments')).toBe(false);
    expect(widgetMayCall('GET', '/api/v1/me')).toBe(false);
    expect(widgetMayCall('PATCH', '/api/v1/me/password')).toBe(false);
    expect(widgetMayCall('GET', '/api/v1/me/export')).toBe(false);
    expect(widgetMayCall('POST', '/api/v1/posts/12/votes')).toBe(false);
    expect(widgetMayCall('GET', '/api/v1/admin/settings')).toBe(false);
    expect(widgetMayCall('POST', '/api/v1/widget/session')).toBe(false);
    expect(widgetMayCall('GET', '/api/v1/posts/12/vote/extra')).toBe(false);
    expect(widgetMayCall('GET', '/api/v1/nothing')).toBe(false);
  });

  it('lists only paths and methods the API has', () => {
    for (const [path, methods] of Object.entries(WIDGET_ACCESS)) {
      const route = API_ROUTES.find((r) => r.path === path);
      expect(route, path).toBeDefined();
      for (const method of methods) expect(route!.route.endpoints[method as 'GET'], `${method} ${path}`).toBeDefined();
    }
  });
});
