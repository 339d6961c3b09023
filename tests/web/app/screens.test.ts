import { matchRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { dashboardMenu, routesFor } from '@/app/screens';
import type * as Screens from '@/app/screens';
import { paths } from '@/config/paths';

/** The screens React Router renders for `path`, outer first (the layout route has none). */
function routerScreens(path: string): string[] {
  return (matchRoutes(routes, path) ?? []).flatMap((match) => {
    const handle = match.route.handle as { screen?: string } | undefined;
    return handle?.screen ? [handle.screen] : [];
  });
}

const plainPaths = Object.values(paths).filter((path) => typeof path === 'string');
const otherPaths = [
  paths.chatRoom('JavaScript'),
  paths.chatRoom('C#'),
  '/DashBoard/MYORDERS',
  '/courses/',
  '/chat',
  '/dashboard/nope',
  '/no/such/page',
];

describe('the screens table (boot preloads from it, the router is built from it)', () => {
  it.each([...plainPaths, ...otherPaths])('names the screens the router renders for %s', (path) => {
    const screens = routesFor(path).map((route) => route.screen);
    expect(screens.length).toBeGreaterThan(0);
    expect(screens).toEqual(routerScreens(path));
  });

  it('renders the dashboard with its profile, and falls back to the 404 screen', () => {
    expect(routesFor('/dashboard').map((route) => route.screen)).toEqual(['dashboard', 'profile']);
    expect(routesFor('/nope').map((route) => route.screen)).toEqual(['notFound']);
  });
});

describe('preloadScreen', () => {
  // A chunk loads once per page: each test starts on a page where none has loaded yet.
  let screens: typeof Screens;
  beforeEach(async () => {
    vi.resetModules();
    screens = await import('@/app/screens');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  });

  it('starts the chunks of the screen at the address and fetches its hero image', () => {
    const home = vi.spyOn(screens.screenLoaders, 'home');
    const courses = vi.spyOn(screens.screenLoaders, 'courses');
    screens.preloadScreen('/');
    expect(home).toHaveBeenCalledTimes(1);
    expect(courses).not.toHaveBeenCalled();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(links.map((link) => [link.as, link.getAttribute('href')])).toEqual([
      ['image', '/images/hero/home-hero.svg'],
    ]);
  });

  it("leaves a prerendered page's chunk to the app: its import would evaluate the app's stages at once", () => {
    const home = vi.spyOn(screens.screenLoaders, 'home');
    screens.preloadScreen('/', { chunks: false });
    expect(home).not.toHaveBeenCalled();
    // Its hero image still comes at once.
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/images/hero/home-hero.svg']);
  });

  it('starts the layout and the page of a nested screen, without images when it has none', () => {
    const dashboard = vi.spyOn(screens.screenLoaders, 'dashboard');
    const myOrders = vi.spyOn(screens.screenLoaders, 'myOrders');
    screens.preloadScreen(paths.myOrders);
    expect(dashboard).toHaveBeenCalledTimes(1);
    expect(myOrders).toHaveBeenCalledTimes(1);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
  });

  it("fetches a book page's book with its chunk, then its cover; the app's request takes the answer", async () => {
    const { apiClient } = await import('@/lib/api-client');
    const bookPage = vi.spyOn(screens.screenLoaders, 'bookPage');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(Response.json({ _id: 'b-42', image: '/images/books/b-42.svg' }));
    screens.preloadScreen(paths.bookPage('b-42'));
    expect(bookPage).toHaveBeenCalledTimes(1);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/books/b-42');
    await vi.waitFor(() =>
      expect(
        [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [
          link.as,
          link.getAttribute('href'),
        ]),
      ).toEqual([['image', '/images/books/b-42.svg']]),
    );
    // The API client's GET of the same URL is answered by it, once, without a second request.
    await expect(apiClient.get('/books/b-42')).resolves.toEqual({
      _id: 'b-42',
      image: '/images/books/b-42.svg',
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    fetchSpy.mockResolvedValue(Response.json({ _id: 'b-42', image: '/new.svg' }));
    await expect(apiClient.get('/books/b-42')).resolves.toMatchObject({ image: '/new.svg' });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("fetches the catalogue page the address shows with its chunk, then its first covers; the catalogue's request takes the answer", async () => {
    const { apiClient } = await import('@/lib/api-client');
    const { catalogueQuery, parseCatalogueParams } =
      await import('@/features/books/catalogue-params');
    const books = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ _id: id, image: `/covers/${id}.svg` }));
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(Response.json({ books, total: 17, page: 2, limit: 12 }));
    screens.preloadScreen(paths.book, { search: '?category=story&page=2&utm=x' });
    expect(fetchSpy.mock.calls.map((call) => call[0])).toEqual([
      '/api/books?page=2&limit=12&sort=name&category=story',
    ]);
    await vi.waitFor(() =>
      expect(
        [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) =>
          link.getAttribute('href'),
        ),
      ).toEqual(['/covers/a.svg', '/covers/b.svg', '/covers/c.svg', '/covers/d.svg']),
    );
    // The catalogue asks for the same page (catalogueQuery) and gets that answer, not a new one.
    const query = catalogueQuery(
      parseCatalogueParams(new URLSearchParams('category=story&page=2')),
    );
    await expect(apiClient.get('/books', { query })).resolves.toMatchObject({ total: 17 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('leaves the data to the app when the network is not what answers the API (dev:mock)', () => {
    const bookPage = vi.spyOn(screens.screenLoaders, 'bookPage');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    screens.preloadScreen(paths.bookPage('b-42'), { data: false });
    expect(bookPage).toHaveBeenCalledTimes(1);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("loads a screen's chunk once, and has its module at hand once loaded (D49)", async () => {
    const about = vi.spyOn(screens.screenLoaders, 'info');
    expect(screens.loadedScreen('info')).toBeUndefined();
    screens.preloadScreen(paths.about);
    await screens.screenChunksLoaded(paths.privacy);
    expect(about).toHaveBeenCalledTimes(1);
    // The router renders it from this at once, instead of suspending (src/app/router.tsx).
    expect(screens.loadedScreen('info')?.default).toBeTypeOf('function');
  });
});

describe('the dashboard menu (from the same table as the guards)', () => {
  const labels = (isAdmin: boolean | null) => dashboardMenu(isAdmin).map((item) => item.label);

  it('shows Profile at once, then the items of the role', () => {
    expect(labels(null)).toEqual(['Profile']);
    expect(labels(false)).toEqual(['Profile', 'My Orders', 'My Courses']);
    expect(labels(true)).toEqual([
      'Profile',
      'My Courses',
      'Make Admin',
      'Add Book',
      'Books',
      'Orders',
      'Courses',
      'Sales',
      'Performance',
      'Reports',
    ]);
  });

  it('links each item to a screen whose guard lets that role in', () => {
    for (const isAdmin of [false, true]) {
      for (const item of dashboardMenu(isAdmin)) {
        const [dashboard, screen] = routesFor(item.to);
        expect(dashboard?.screen).toBe('dashboard');
        expect(screen?.menu?.label).toBe(item.label);
        if (!isAdmin) expect(screen?.access).not.toBe('admin');
      }
    }
  });
});
