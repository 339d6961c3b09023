// The route table as data: which screen each path shows and who may see it (docs/product.md §2). router.tsx
// builds the React Router routes from it; boot.ts uses it to start downloading the first screen's
// chunk before the app runs. No React and no router here: it is part of the tiny boot chunk.
import { env } from '@/config/env';
import {
  catalogueQuery,
  EAGER_COVERS,
  parseCatalogueParams,
} from '@/features/books/catalogue-params';
import { preloadResponse } from '@/lib/preloaded-responses';
import { queryString } from '@/lib/query-string';
import { dashboardRoutes, paths, routePatterns } from '@/config/paths';
import type { dashboardScreenLoaders } from './dashboard-screen-loaders';

type DashboardScreenLoaders = typeof dashboardScreenLoaders;

/** A dashboard screen's loader: its chunk, through the dashboard's loaders' own chunk (D106). */
function dashboardScreen<Name extends keyof DashboardScreenLoaders>(name: Name) {
  return () =>
    import('./dashboard-screen-loaders').then((loaders) =>
      loaders.dashboardScreenLoaders[name](),
    ) as ReturnType<DashboardScreenLoaders[Name]>;
}

/** Every screen is its own lazy chunk; loading one twice returns the same module. */
export const screenLoaders = {
  home: () => import('./routes/home'),
  courses: () => import('./routes/courses'),
  coursePage: () => import('./routes/course-page'),
  player: () => import('./routes/player'),
  certificate: () => import('./routes/certificate'),
  courseCart: () => import('./routes/course-cart'),
  book: () => import('./routes/book'),
  bookPage: () => import('./routes/book-page'),
  allBooks: () => import('./routes/all-books'),
  bookCart: () => import('./routes/book-cart'),
  groupLearn: () => import('./routes/group-learn'),
  messageBox: () => import('./routes/message-box'),
  chatRoom: () => import('./routes/chat-room'),
  drawing: () => import('./routes/drawing'),
  login: () => import('./routes/login'),
  signup: () => import('./routes/signup'),
  payment: () => import('./routes/payment'),
  paymentCard: () => import('./routes/payment-card'),
  receipt: () => import('./routes/receipt'),
  dashboard: () => import('./routes/dashboard/dashboard-layout'),
  profile: dashboardScreen('profile'),
  myOrders: dashboardScreen('myOrders'),
  myCourses: dashboardScreen('myCourses'),
  allUsers: dashboardScreen('allUsers'),
  addBook: dashboardScreen('addBook'),
  adminBooks: dashboardScreen('adminBooks'),
  adminOrders: dashboardScreen('adminOrders'),
  adminCourses: dashboardScreen('adminCourses'),
  adminCourseEditor: dashboardScreen('adminCourseEditor'),
  sales: dashboardScreen('sales'),
  performance: dashboardScreen('performance'),
  reports: dashboardScreen('reports'),
  /** The footer's six company and legal pages, one screen: the path picks the page. */
  info: () => import('./routes/info'),
  notFound: () => import('./routes/not-found'),
};

export type ScreenName = keyof typeof screenLoaders;

type ScreenModule = Awaited<ReturnType<(typeof screenLoaders)[ScreenName]>>;

const screenModules = new Map<ScreenName, Promise<ScreenModule>>();
const loadedScreenModules = new Map<ScreenName, ScreenModule>();

/** A screen's chunk, loaded once (boot.ts starts it; the router renders the screen from it). */
export function loadScreen(name: ScreenName): Promise<ScreenModule> {
  let module = screenModules.get(name);
  if (!module) {
    module = screenLoaders[name]();
    module.then(
      (loaded) => loadedScreenModules.set(name, loaded),
      () => undefined,
    );
    screenModules.set(name, module);
  }
  return module;
}

/**
 * A screen's module once its chunk has loaded: the router then renders the screen at once rather
 * than suspending, so a prerendered page, hydrated only once its screen has loaded (src/app/start.tsx),
 * keeps its markup instead of React showing the fallback and drawing it again (D49).
 */
export function loadedScreen(name: ScreenName): ScreenModule | undefined {
  return loadedScreenModules.get(name);
}

/** Who may open a screen: anyone, signed-in users (RequireAuth), or admins (RequireAdmin). */
export type Access = 'open' | 'signed-in' | 'admin';

export type ScreenRoute = {
  /** Absolute for top-level routes, relative inside `children`; absent for an index route. */
  path?: string;
  screen: ScreenName;
  access: Access;
  children?: ScreenRoute[];
  /** An image the screen shows at the top (its largest paint), fetched with its chunk. */
  heroImage?: string;
  /**
   * Prerendered at build time (src/prerender.tsx, docs/decisions.md D49): the screen's first render
   * is the same for everyone (no data, no signed-in state, no client-only state), so index.html
   * can carry it and the screen shows before the app's JavaScript has arrived.
   */
  prerender?: true;
  /**
   * The API path (under `/api`) of what the screen shows first, from the path's `:params` and the
   * address's query (a public GET): fetched with its chunk, and the screen's own request takes
   * that answer.
   */
  data?: (params: Readonly<Record<string, string>>, search: URLSearchParams) => string;
  /** The images that data names which the screen shows first: fetched as soon as it is known. */
  dataImages?: (data: unknown) => string[];
  /**
   * The dashboard menu's item for this child of the dashboard, shown to whoever `access` lets in
   * (an admin-only screen to admins), once the role is known; `studentsOnly` hides it from admins
   * too (My Orders: an admin runs every order on Orders). The index route's item shows at once.
   */
  menu?: { label: string; icon: DashboardIcon; studentsOnly?: true };
};

/** The dashboard menu's icons, by name: this table stays free of React (see the top). */
export type DashboardIcon =
  'user' | 'cart' | 'graduation-cap' | 'users' | 'book' | 'library' | 'chart' | 'gauge' | 'flag';

/** The `image` of a book's (or any) JSON object, if it has one. */
function imageOf(item: unknown): string[] {
  return typeof item === 'object' &&
    item !== null &&
    'image' in item &&
    typeof item.image === 'string'
    ? [item.image]
    : [];
}

export const screenRoutes: ScreenRoute[] = [
  {
    path: paths.root,
    screen: 'home',
    access: 'open',
    heroImage: '/images/hero/home-hero.svg',
    prerender: true,
  },
  {
    path: paths.home,
    screen: 'home',
    access: 'open',
    heroImage: '/images/hero/home-hero.svg',
    prerender: true,
  },
  {
    path: paths.courses,
    screen: 'courses',
    access: 'open',
    heroImage: '/images/banners/courses-banner.svg',
    prerender: true,
  },
  {
    path: routePatterns.coursePage,
    screen: 'coursePage',
    access: 'open',
    // Its largest paint is the course's image, named by the course's JSON (as a book's page).
    data: ({ courseId = '' }) => `/courses/${courseId}`,
    dataImages: imageOf,
  },
  // Open: a preview lesson is anyone's; the API answers the others 403 and the player says so.
  { path: routePatterns.lesson, screen: 'player', access: 'open' },
  { path: routePatterns.learnResume, screen: 'player', access: 'signed-in' },
  { path: routePatterns.certificate, screen: 'certificate', access: 'open' },
  { path: paths.courseCart, screen: 'courseCart', access: 'open', prerender: true },
  {
    path: paths.book,
    screen: 'book',
    access: 'open',
    // Its largest paints are the first covers, named by the page of books the address shows.
    data: (_params, search) => `/books${queryString(catalogueQuery(parseCatalogueParams(search)))}`,
    dataImages: (page) =>
      typeof page === 'object' && page !== null && 'books' in page && Array.isArray(page.books)
        ? page.books.slice(0, EAGER_COVERS).flatMap(imageOf)
        : [],
  },
  {
    path: routePatterns.bookPage,
    screen: 'bookPage',
    access: 'open',
    // Its largest paint is the cover, named by the book's JSON: the JSON comes with the chunk,
    // and the cover as soon as the JSON is in.
    data: ({ bookId = '' }) => `/books/${bookId}`,
    dataImages: imageOf,
  },
  { path: paths.allBooks, screen: 'allBooks', access: 'signed-in' },
  { path: paths.bookCart, screen: 'bookCart', access: 'signed-in' },
  { path: paths.groupLearn, screen: 'groupLearn', access: 'signed-in' },
  { path: paths.messageBox, screen: 'messageBox', access: 'signed-in' },
  { path: routePatterns.chatRoom, screen: 'chatRoom', access: 'signed-in' },
  { path: paths.drawing, screen: 'drawing', access: 'open', prerender: true },
  { path: paths.login, screen: 'login', access: 'open', prerender: true },
  { path: paths.signup, screen: 'signup', access: 'open', prerender: true },
  { path: paths.payment, screen: 'payment', access: 'signed-in' },
  { path: paths.paymentCard, screen: 'paymentCard', access: 'signed-in' },
  { path: routePatterns.receipt, screen: 'receipt', access: 'signed-in' },
  {
    path: paths.dashboard,
    screen: 'dashboard',
    access: 'signed-in',
    children: [
      // In the order of the dashboard menu (docs/product.md §2, §6).
      { screen: 'profile', access: 'open', menu: { label: 'Profile', icon: 'user' } },
      {
        path: dashboardRoutes.myOrders,
        screen: 'myOrders',
        access: 'open',
        menu: { label: 'My Orders', icon: 'cart', studentsOnly: true },
      },
      // Every signed-in user may buy courses, admins too.
      {
        path: dashboardRoutes.myCourses,
        screen: 'myCourses',
        access: 'open',
        menu: { label: 'My Courses', icon: 'graduation-cap' },
      },
      {
        path: dashboardRoutes.allUsers,
        screen: 'allUsers',
        access: 'admin',
        menu: { label: 'Make Admin', icon: 'users' },
      },
      {
        path: dashboardRoutes.addBook,
        screen: 'addBook',
        access: 'admin',
        menu: { label: 'Add Book', icon: 'book' },
      },
      {
        path: dashboardRoutes.adminBooks,
        screen: 'adminBooks',
        access: 'admin',
        menu: { label: 'Books', icon: 'library' },
      },
      {
        path: dashboardRoutes.adminOrders,
        screen: 'adminOrders',
        access: 'admin',
        menu: { label: 'Orders', icon: 'cart' },
      },
      {
        path: dashboardRoutes.adminCourses,
        screen: 'adminCourses',
        access: 'admin',
        menu: { label: 'Courses', icon: 'graduation-cap' },
      },
      // Before `courses/:courseId`, which would take `new` for an id.
      { path: dashboardRoutes.adminCourseNew, screen: 'adminCourseEditor', access: 'admin' },
      { path: dashboardRoutes.adminCourse, screen: 'adminCourseEditor', access: 'admin' },
      {
        path: dashboardRoutes.sales,
        screen: 'sales',
        access: 'admin',
        menu: { label: 'Sales', icon: 'chart' },
      },
      {
        path: dashboardRoutes.performance,
        screen: 'performance',
        access: 'admin',
        menu: { label: 'Performance', icon: 'gauge' },
      },
      {
        path: dashboardRoutes.reports,
        screen: 'reports',
        access: 'admin',
        menu: { label: 'Reports', icon: 'flag' },
      },
    ],
  },
  { path: paths.about, screen: 'info', access: 'open', prerender: true },
  { path: paths.contact, screen: 'info', access: 'open', prerender: true },
  { path: paths.jobs, screen: 'info', access: 'open', prerender: true },
  { path: paths.terms, screen: 'info', access: 'open', prerender: true },
  { path: paths.privacy, screen: 'info', access: 'open', prerender: true },
  { path: paths.cookies, screen: 'info', access: 'open', prerender: true },
  { path: '*', screen: 'notFound', access: 'open' },
];

/**
 * The screens that name the tab themselves, from what they show (a book's page, a receipt):
 * each renders <PageTitle> (src/components/page-title.tsx). The root layout renders the page's
 * title by its path for every other screen, so exactly one title is in the head (docs/decisions.md D77).
 */
const titledScreens: ReadonlySet<ScreenName> = new Set<ScreenName>([
  'coursePage',
  'player',
  'certificate',
  'bookPage',
  'receipt',
  'info',
]);

/** Whether the screen at `pathname` renders its own <PageTitle>. */
export function screenNamesItsTab(pathname: string): boolean {
  const screen = routesFor(pathname).at(-1)?.screen;
  return screen !== undefined && titledScreens.has(screen);
}

/** One item of the dashboard menu: where it goes, what it says, and its icon. */
export type DashboardMenuItem = { to: string; label: string; icon: DashboardIcon; end: boolean };

/**
 * The dashboard menu for a user whose role is `isAdmin` (null while it is not known yet: only the
 * index item, so the items never reorder), from the dashboard's children above.
 */
export function dashboardMenu(isAdmin: boolean | null): DashboardMenuItem[] {
  const dashboard = screenRoutes.find((route) => route.screen === 'dashboard');
  return (dashboard?.children ?? []).flatMap(({ path, access, menu }) => {
    if (!menu) return [];
    const index = path === undefined;
    const shown =
      index ||
      (isAdmin !== null &&
        (access !== 'admin' || isAdmin) &&
        !(menu.studentsOnly === true && isAdmin));
    if (!shown) return [];
    const to = index ? paths.dashboard : `${paths.dashboard}/${path}`;
    return [{ to, label: menu.label, icon: menu.icon, end: index }];
  });
}

/** The paths whose first render is prerendered at build time (see ScreenRoute.prerender). */
export const prerenderedPaths: readonly string[] = screenRoutes.flatMap((route) =>
  route.prerender && route.path ? [route.path] : [],
);

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Whether `pattern` (`:param` segments) matches the start of `parts`; how many it took. */
function matchPrefix(pattern: string, parts: string[]): number | null {
  const wanted = segments(pattern);
  if (wanted.length > parts.length) return null;
  for (const [index, segment] of wanted.entries()) {
    const part = parts[index] ?? '';
    // React Router matches paths case-insensitively.
    if (!segment.startsWith(':') && segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return wanted.length;
}

function match(routes: ScreenRoute[], parts: string[]): ScreenRoute[] | null {
  for (const route of routes) {
    if (route.path === '*') return [route];
    const taken = route.path === undefined ? 0 : matchPrefix(route.path, parts);
    if (taken === null) continue;
    const rest = parts.slice(taken);
    if (route.children) {
      const inner = match(route.children, rest);
      if (inner) return [route, ...inner];
    } else if (rest.length === 0) {
      return [route];
    }
  }
  return null;
}

/** The routes (outer first) that render `pathname`, as the router matches them. */
export function routesFor(pathname: string): ScreenRoute[] {
  return match(screenRoutes, segments(pathname)) ?? [];
}

/** The `:params` of `pathname` under `routes` (as routesFor matched them), still URL-encoded. */
function paramsOf(routes: ScreenRoute[], pathname: string): Record<string, string> {
  const params: Record<string, string> = {};
  let parts = segments(pathname);
  for (const route of routes) {
    const wanted = route.path === undefined || route.path === '*' ? [] : segments(route.path);
    wanted.forEach((segment, index) => {
      if (segment.startsWith(':')) params[segment.slice(1)] = parts[index] ?? '';
    });
    parts = parts.slice(wanted.length);
  }
  return params;
}

function preloadImage(doc: Document, href: string): void {
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  doc.head.append(link);
}

/** Starts the screen's data, and its images once the data names them. */
function preloadData(
  route: ScreenRoute,
  params: Record<string, string>,
  search: URLSearchParams,
  doc: Document,
): void {
  if (!route.data) return;
  const response = preloadResponse(`${env.apiUrl}${route.data(params, search)}`);
  const { dataImages } = route;
  if (!dataImages) return;
  response
    // A copy: the body itself is the API client's to read.
    .then((answer) => (answer.ok ? answer.clone().json() : undefined))
    .then((data: unknown) => {
      for (const image of data === undefined ? [] : dataImages(data)) preloadImage(doc, image);
    })
    .catch(() => undefined);
}

type PreloadOptions = {
  /** The address's query (`?category=story`), which picks the catalogue's page. */
  search?: string;
  /**
   * False when the API is not the network's to answer yet: in `npm run dev:mock` msw answers it,
   * and only once the app has started it (src/app/start.tsx).
   */
  data?: boolean;
  /**
   * False on a prerendered page: importing the screen's chunk evaluates every module it imports
   * (React, Redux, the router, RTK Query) in one long task, ahead of src/main.tsx's stages; the
   * app imports it once its stages are in (src/app/start.tsx, docs/decisions.md D80).
   */
  chunks?: boolean;
  doc?: Document;
};

/**
 * Starts downloading what the screen at `pathname` needs first — its chunks, its hero image and
 * its data — so they arrive alongside the app instead of after it.
 */
export function preloadScreen(
  pathname: string,
  { search = '', data = true, chunks = true, doc = document }: PreloadOptions = {},
): void {
  const routes = routesFor(pathname);
  const params = paramsOf(routes, pathname);
  const query = new URLSearchParams(search);
  for (const route of routes) {
    // A failed chunk is the router's to report, when it renders the screen.
    if (chunks) loadScreen(route.screen).catch(() => undefined);
    if (route.heroImage) preloadImage(doc, route.heroImage);
    if (data) preloadData(route, params, query, doc);
  }
}

/** Resolves once every chunk of the screen at `pathname` has loaded (or failed to). */
export async function screenChunksLoaded(pathname: string): Promise<void> {
  await Promise.allSettled(routesFor(pathname).map((route) => loadScreen(route.screen)));
}
