import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTES, routeUrl } from '../config/paths';
import { useSession } from '../features/auth/session-store';
import { customerDetailQueryOptions } from '../features/customers/api/get-customer-detail';
import { followUpDueQueryOptions } from '../features/todo/api/get-follow-up-due';
import { filesOfRoutes, prefetchRouteFiles, ROUTE_FILES_GLOBAL, type RouteFiles } from '../lib/prefetch-files';
import { prefetchRoute } from '../lib/route-intent';
import { NEXT_ROUTES, nextRoutePaths } from './next-routes';
import { prefetchPage, routeNameOfPath } from './route-prefetch';

const preloadPage = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./router', () => ({ preloadPage }));

// As the build lists them: each file after the files it imports.
const TABLE: RouteFiles = {
  files: ['tabs-b.js', 'tabs-c.css', 'customer-details-a.js', 'todo-d.js'],
  routes: { [ROUTES.customerDetails.path]: [0, 1, 2], [ROUTES.todo.path]: [0, 3] },
  base: 'http://localhost:3000/assets/',
};
const globals = globalThis as Record<string, unknown>;
const prefetchLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((link) => link.href);

beforeEach(() => {
  useSession.setState({ token: 't', userId: 1, currentSite: { departmentId: 101, departmentName: '华东一部' } } as never);
});
afterEach(() => {
  globals[ROUTE_FILES_GLOBAL] = undefined;
  document.head.innerHTML = '';
  useSession.setState({ token: null, userId: null, userInfo: null, currentSite: null });
  preloadPage.mockClear();
});

describe('the next pages of a page', () => {
  it('names, for the tap flows of issue 29, the page each entry opens', () => {
    expect(NEXT_ROUTES.home).toContain('salesPerformance');
    expect(NEXT_ROUTES.entry).toEqual(NEXT_ROUTES.home);
    expect(NEXT_ROUTES.allCustomers).toContain('customerDetails');
    expect(NEXT_ROUTES.my).toContain('todo');
    expect(nextRoutePaths(ROUTES.allCustomers)).toEqual([ROUTES.customerDetails.path]);
    expect(nextRoutePaths(ROUTES.about)).toEqual([]);
  });

  it('lists the files of routes from the build table, each once and absolute', () => {
    expect(filesOfRoutes([ROUTES.customerDetails.path, ROUTES.todo.path], TABLE)).toEqual([
      'http://localhost:3000/assets/tabs-b.js',
      'http://localhost:3000/assets/tabs-c.css',
      'http://localhost:3000/assets/customer-details-a.js',
      'http://localhost:3000/assets/todo-d.js',
    ]);
    expect(filesOfRoutes([ROUTES.todo.path], null)).toEqual([]);
  });

  it('adds a prefetch link for each file the document has not asked for yet', () => {
    globals[ROUTE_FILES_GLOBAL] = TABLE;
    const script = document.createElement('script');
    script.src = 'http://localhost:3000/assets/tabs-b.js';
    document.head.appendChild(script);

    expect(prefetchRouteFiles([ROUTES.customerDetails.path])).toBe(2);
    expect(prefetchLinks()).toEqual(['http://localhost:3000/assets/customer-details-a.js', 'http://localhost:3000/assets/tabs-c.css']);
    // Asked again (the page shown a second time): nothing new.
    expect(prefetchRouteFiles([ROUTES.customerDetails.path])).toBe(0);
  });

  it('adds nothing without the build table (the development server)', () => {
    expect(prefetchRouteFiles([ROUTES.customerDetails.path])).toBe(0);
    expect(prefetchLinks()).toEqual([]);
  });
});

describe('a press on an entry', () => {
  it('knows the route of an app URL', () => {
    expect(routeNameOfPath('/pages/details/customerDetails')).toBe('customerDetails');
    expect(routeNameOfPath('/pages/nowhere')).toBeNull();
  });

  it('asks for a customer with the detail page’s own query, then loads the page after a paint', async () => {
    const client = new QueryClient();
    const prefetch = vi.spyOn(client, 'prefetchQuery').mockResolvedValue(undefined);
    prefetchPage(routeUrl('customerDetails', { id: 7 }), client);
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]?.[0]?.queryKey).toEqual(customerDetailQueryOptions(101, 7).queryKey);
    await vi.waitFor(() => expect(preloadPage).toHaveBeenCalledWith('customerDetails'));
  });

  it('asks for the page’s files at once, its own file first, at the page’s own priority, skipping those the document has', () => {
    globals[ROUTE_FILES_GLOBAL] = TABLE;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = 'http://localhost:3000/assets/tabs-b.js';
    document.head.appendChild(link);
    prefetchPage(routeUrl('customerDetails', { id: 7 }), new QueryClient());
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link:not([rel=prefetch])')].map((element) => [element.rel, element.getAttribute('as'), element.href, element.crossOrigin]);
    expect(links).toEqual([
      // As the module loader will ask for them (crossorigin), or they would be fetched twice.
      ['modulepreload', null, 'http://localhost:3000/assets/customer-details-a.js', ''],
      ['preload', 'style', 'http://localhost:3000/assets/tabs-c.css', ''],
    ]);
  });

  it('asks for 今日待办’s first page with its list query', async () => {
    const client = new QueryClient();
    const prefetch = vi.spyOn(client, 'prefetchInfiniteQuery').mockResolvedValue(undefined);
    prefetchPage(routeUrl('todo'), client);
    expect(prefetch.mock.calls[0]?.[0]?.queryKey).toEqual(followUpDueQueryOptions(101).queryKey);
    await vi.waitFor(() => expect(preloadPage).toHaveBeenCalledWith('todo'));
  });

  it('starts nothing signed out, nor for a public page, nor for an address of no page', async () => {
    const client = new QueryClient();
    const prefetch = vi.spyOn(client, 'prefetchQuery');
    prefetchPage(routeUrl('login'), client);
    prefetchPage('/pages/nowhere', client);
    useSession.setState({ token: null });
    prefetchPage(routeUrl('customerDetails', { id: 7 }), client);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(prefetch).not.toHaveBeenCalled();
    expect(preloadPage).not.toHaveBeenCalled();
  });

  it('goes through the registered prefetcher: the module registers itself', async () => {
    const prefetchInfinite = vi.spyOn(QueryClient.prototype, 'prefetchInfiniteQuery').mockResolvedValue(undefined);
    prefetchRoute(routeUrl('todo'));
    expect(prefetchInfinite).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(preloadPage).toHaveBeenCalledWith('todo'));
    prefetchInfinite.mockRestore();
  });
});
