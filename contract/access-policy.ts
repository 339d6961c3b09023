import { AUTH_MESSAGES, USER_MESSAGES, type USER_ROLES } from './account-messages';
import { API_ROUTES, type ApiRouteKey } from './api-routes';
import { CART_MESSAGES } from './cart-rules';
import { CHECKOUT_MESSAGES } from './checkout-rules';
import { COURSE_MESSAGES } from './course-rules';

/**
 * Who may call each `/api` route, for the server and for the msw fakes of the web app: the
 * policies, and each route's policy as the one table of the API (contract/api-routes.ts, which
 * also holds the route's schemas) names it. The server's auth plugin refuses to start when an
 * `/api` route has no entry there, so a new route is closed until it is listed.
 */

export const ACCESS_POLICY_KINDS = [
  /** No credentials needed (and any sent are ignored). */
  'anyone',
  /** A valid access token of an existing user. */
  'signed-in',
  /** A valid access token whose user is the path's `:email`. */
  'self',
  /** As `self`, or any admin. */
  'self-or-admin',
  /** A valid access token of a user whose role (read from the database) is admin. */
  'admin',
  /** A valid Firebase ID token whose address is the path's `:email` (the token exchange). */
  'firebase-self',
  /**
   * A valid access token of the user who owns the cart line named by the path's `:id`. Anyone
   * else, admins too, gets the 404 of a line that does not exist: a stranger cannot tell.
   */
  'cart-line-owner',
  /** As `cart-line-owner`, for the order named by the path's `:id`. */
  'order-owner',
  /**
   * The user who owns the checkout (payment) named by the path's `:id`, or any admin; anyone
   * else gets the 404 of a checkout that does not exist.
   */
  'payment-owner-or-admin',
  /**
   * Stripe only: no user credentials; the route itself checks the `Stripe-Signature` header
   * against the webhook secret and answers 400 when it is missing, bad or stale.
   */
  'stripe-signature',
  /** No credentials needed, but a valid access token names the caller (a course's lessons). */
  'optional-sign-in',
  /**
   * A valid access token of a user who owns the course named by the path's `:id`: anyone else
   * gets 403 "Buy the course to open this lesson", and an unknown course 404.
   */
  'course-owner',
] as const;

export type AccessPolicy = (typeof ACCESS_POLICY_KINDS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `'METHOD /api/path/:param'`: the method and the route URL exactly as Fastify registers it. */
export type RouteKey = `${HttpMethod} /api${string}`;

/** A route key's method and URL: `'PUT /api/carts/quantity/:id'` → PUT, `/api/carts/quantity/:id`. */
export function routeKeyParts(key: RouteKey): { method: HttpMethod; path: string } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as HttpMethod, path: key.slice(space + 1) };
}

/** Every route's policy, read from the one table of the API (contract/api-routes.ts). */
export const ACCESS_POLICIES = Object.fromEntries(
  Object.entries(API_ROUTES).map(([key, route]) => [key, route.access]),
) as { readonly [K in ApiRouteKey]: (typeof API_ROUTES)[K]['access'] };

export type ListedRoute = keyof typeof ACCESS_POLICIES;

/**
 * The API reference page (Swagger UI at /api/docs) and its own files: listed above because every
 * `/api` route is, but HTML and assets, not operations of the API, so the OpenAPI document
 * leaves them out.
 */
export const API_REFERENCE_PAGE_ROUTES: ReadonlySet<string> = new Set<ListedRoute>([
  'GET /api/docs',
  'GET /api/docs/',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
]);

/** The API's description of itself: its OpenAPI document and the reference page. The web app never calls these. */
export const API_DESCRIPTION_ROUTES: ReadonlySet<string> = new Set<string>([
  'GET /api/openapi.json',
  ...API_REFERENCE_PAGE_ROUTES,
]);

/** Policies that compare the caller with the path's `:email`. */
export const PATH_EMAIL_POLICIES: ReadonlySet<AccessPolicy> = new Set([
  'self',
  'self-or-admin',
  'firebase-self',
]);

/**
 * Policies decided by who owns the resource the path's `:id` names, and the resource: the server
 * resolves each resource's owner in one place (server/auth/resource-owners.ts).
 */
export const OWNER_POLICIES = {
  'cart-line-owner': 'cart-line',
  'order-owner': 'order',
  'payment-owner-or-admin': 'payment',
} as const satisfies Partial<Record<AccessPolicy, string>>;
export type OwnerPolicy = keyof typeof OWNER_POLICIES;
export type OwnedResource = (typeof OWNER_POLICIES)[OwnerPolicy];

export function isOwnerPolicy(policy: AccessPolicy): policy is OwnerPolicy {
  return Object.hasOwn(OWNER_POLICIES, policy);
}

/** What a stranger (or a missing resource) is answered, per owned resource. */
const NOT_FOUND_MESSAGES: Record<OwnedResource, string> = {
  'cart-line': CART_MESSAGES.lineNotFound,
  order: CHECKOUT_MESSAGES.orderNotFound,
  payment: CHECKOUT_MESSAGES.orderNotFound,
};

/** Owner policies that also let any admin through (to a resource that exists). */
const ADMIN_TOO: ReadonlySet<AccessPolicy> = new Set(['payment-owner-or-admin']);

/** Policies that need an access token (as opposed to nothing, or a Firebase ID token). */
export const ACCESS_TOKEN_POLICIES: ReadonlySet<AccessPolicy> = new Set([
  'signed-in',
  'self',
  'self-or-admin',
  'admin',
  'cart-line-owner',
  'order-owner',
  'payment-owner-or-admin',
  'course-owner',
]);

/** The key of a route; HEAD routes (Fastify adds one per GET) share their GET's entry. */
export function routeKey(method: string, url: string): string {
  const upper = method.toUpperCase();
  return `${upper === 'HEAD' ? 'GET' : upper} ${url}`;
}

/** The policy of a route, or undefined when it is not listed. */
export function policyFor(method: string, url: string): AccessPolicy | undefined {
  const policies: Readonly<Record<string, AccessPolicy>> = ACCESS_POLICIES;
  const key = routeKey(method, url);
  return Object.hasOwn(policies, key) ? policies[key] : undefined;
}

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined: how the server and the
 * msw fakes both read credentials.
 */
export function bearerToken(header: string | null | undefined): string | undefined {
  return /^Bearer +([^\s]+) *$/i.exec(header ?? '')?.[1];
}

/** Who is calling, as authentication found them (before authorization). */
export type Credentials = {
  /** The user behind a valid access token, with the role as stored now; null without one. */
  caller: { email: string; role: (typeof USER_ROLES)[number] } | null;
  /** The address of a verified Firebase ID token (`firebase-self` routes); null otherwise. */
  idTokenEmail: string | null;
  /**
   * Owner policies: the address of the user who owns the resource the path's `:id` names, or
   * null when there is no such resource.
   */
  resourceOwner?: string | null;
  /**
   * `course-owner`: whether the caller owns the course the path's `:id` names, or null when there
   * is no such course.
   */
  ownsCourse?: boolean | null;
};

export type AccessDenial = { status: 401 | 403 | 404; message: string };

/**
 * The authorization step of every policy, once authentication has run: null when `policy` lets
 * the caller through, otherwise the answer to send. `target` is the path's `:email`, normalised
 * by the route's params schema. The server and the msw fakes both decide with this.
 */
export function accessDenial(
  policy: AccessPolicy,
  { caller, idTokenEmail, resourceOwner, ownsCourse }: Credentials,
  target: string | undefined,
): AccessDenial | null {
  // The webhook route verifies Stripe's signature itself (it needs the raw body). A lesson's
  // route decides itself what an optional caller may see.
  if (policy === 'anyone' || policy === 'stripe-signature' || policy === 'optional-sign-in')
    return null;
  if (policy === 'firebase-self') {
    return idTokenEmail && idTokenEmail === target
      ? null
      : { status: 403, message: USER_MESSAGES.tokenForAnotherAddress };
  }
  // Authentication answers 401 before this; kept so a wiring mistake fails closed.
  if (!caller) return { status: 401, message: AUTH_MESSAGES.missingAccessToken };
  if (isOwnerPolicy(policy)) {
    const allowed =
      resourceOwner &&
      (resourceOwner === caller.email || (ADMIN_TOO.has(policy) && caller.role === 'admin'));
    return allowed ? null : { status: 404, message: NOT_FOUND_MESSAGES[OWNER_POLICIES[policy]] };
  }
  if (policy === 'course-owner') {
    if (ownsCourse === null || ownsCourse === undefined)
      return { status: 404, message: COURSE_MESSAGES.notFound };
    return ownsCourse ? null : { status: 403, message: COURSE_MESSAGES.buyToOpen };
  }
  const isSelf = target !== undefined && caller.email === target;
  const isAdmin = caller.role === 'admin';
  switch (policy) {
    case 'signed-in':
      return null;
    case 'self':
      return isSelf ? null : { status: 403, message: AUTH_MESSAGES.notYourAccount };
    case 'self-or-admin':
      return isSelf || isAdmin ? null : { status: 403, message: AUTH_MESSAGES.notYourAccount };
    case 'admin':
      return isAdmin ? null : { status: 403, message: AUTH_MESSAGES.adminsOnly };
  }
}
