import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { AUTH_MESSAGES, type UserRole } from '../../contract/users';
import {
  accessDenial,
  ACCESS_TOKEN_POLICIES,
  bearerToken,
  isOwnerPolicy,
  OWNER_POLICIES,
  PATH_EMAIL_POLICIES,
  policyFor,
  type AccessPolicy,
  type Credentials,
} from '../auth/access-policy';
import type { AccessTokens } from '../auth/access-token';
import { authenticate } from '../auth/authenticate';
import {
  InvalidIdTokenError,
  type IdentityProvider,
  type VerifiedIdentity,
} from '../auth/firebase';
import { courseAccess, RESOURCE_OWNERS } from '../auth/resource-owners';
import { asArray } from '../as-array';
import { HttpError } from './errors';

/** The signed-in user behind an access token, with the role as stored now. */
export type Caller = { email: string; role: UserRole };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for routes whose policy needs an access token; null otherwise. */
    caller: Caller | null;
    /** Set for `firebase-self` routes (the token exchange); null otherwise. */
    firebaseIdentity: VerifiedIdentity | null;
  }
}

/**
 * The caller of a route whose policy needs an access token: the policy has already answered 401
 * or 403 otherwise, so a missing caller here is a wiring mistake, never a client's.
 */
export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('the access policy did not run');
  return request.caller;
}

export type AuthOptions = {
  identity: IdentityProvider;
  accessTokens: AccessTokens;
};

function isApiUrl(url: string): boolean {
  return url === '/api' || url.startsWith('/api/');
}

/** The path's `:email`, as the route's params schema normalised it. */
function pathEmail(request: FastifyRequest): string | undefined {
  const params = request.params as { email?: unknown } | undefined;
  return typeof params?.email === 'string' ? params.email : undefined;
}

/** The path's `:id` (owner policies), as the route's params schema validated it. */
function pathId(request: FastifyRequest): string | undefined {
  const params = request.params as { id?: unknown } | undefined;
  return typeof params?.id === 'string' ? params.id : undefined;
}

type Hook = (request: FastifyRequest) => Promise<void>;

// Whatever needs credentials answers with personal data or tokens: no cache may keep it.
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('cache-control', 'no-store');
}

/**
 * Enforces ACCESS_POLICIES on every `/api` route. Call on the root instance before any route is
 * added. Authentication (401) runs in preValidation, before the request is validated;
 * authorization (403, or 404 for owner policies) in preHandler, once the params schema has
 * normalised the path's `:email` or validated its `:id`.
 */
export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  const { identity, accessTokens } = options;
  app.decorateRequest('caller', null);
  app.decorateRequest('firebaseIdentity', null);

  const authenticateAccessToken: Hook = async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new HttpError(401, AUTH_MESSAGES.missingAccessToken);
    const authenticated = await authenticate({ db: app.db, accessTokens }, token);
    if (!authenticated) throw new HttpError(401, AUTH_MESSAGES.invalidAccessToken);
    request.caller = { email: authenticated.user.email, role: authenticated.user.role };
  };

  // No token: a visitor. A token sent must be good, as on every other route.
  const authenticateOptionalAccessToken: Hook = async (request) => {
    if (request.headers.authorization === undefined) return;
    await authenticateAccessToken(request);
  };

  const authenticateIdToken: Hook = async (request) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new HttpError(401, AUTH_MESSAGES.missingIdToken);
    try {
      request.firebaseIdentity = await identity.verifyIdToken(token);
    } catch (error) {
      if (error instanceof InvalidIdTokenError) {
        throw new HttpError(401, AUTH_MESSAGES.invalidIdToken);
      }
      throw error;
    }
  };

  function authorize(policy: AccessPolicy): Hook {
    const ownerOf = isOwnerPolicy(policy) ? RESOURCE_OWNERS[OWNER_POLICIES[policy]] : undefined;
    return async (request) => {
      const credentials: Credentials = {
        caller: request.caller,
        idTokenEmail: request.firebaseIdentity?.email ?? null,
      };
      if (ownerOf) {
        const id = pathId(request);
        // Only looked up for an authenticated caller; a missing id is a missing resource.
        credentials.resourceOwner =
          request.caller && id !== undefined ? await ownerOf(app.db, id) : null;
      }
      if (policy === 'course-owner') {
        const id = pathId(request);
        credentials.courseAccess =
          request.caller && id !== undefined
            ? await courseAccess(app.db, request.caller.email, id)
            : 'missing';
      }
      const denial = accessDenial(policy, credentials, pathEmail(request));
      if (denial) throw new HttpError(denial.status, denial.message);
    };
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    const url = route.url;
    if (!isApiUrl(url)) return;
    const methods = asArray(route.method);
    const policies = new Set(methods.map((method) => policyFor(method, url)));
    const [policy] = policies;
    // Fail closed: an unlisted route would otherwise be open to anyone.
    if (policy === undefined || policies.has(undefined)) {
      throw new Error(
        `No access policy for ${methods.join('/')} ${url}: add it to contract/api-routes.ts`,
      );
    }
    if (policies.size > 1) {
      throw new Error(`${methods.join('/')} ${url} share one route but not one access policy`);
    }
    if (PATH_EMAIL_POLICIES.has(policy) && (!url.includes(':email') || !route.schema?.params)) {
      throw new Error(
        `${url} has the '${policy}' policy, which needs an :email param with a params schema`,
      );
    }
    if (
      (isOwnerPolicy(policy) || policy === 'course-owner') &&
      (!/\/:id(\/|$)/.test(url) || !route.schema?.params)
    ) {
      throw new Error(
        `${url} has the '${policy}' policy, which needs an :id param with a params schema`,
      );
    }
    if (policy === 'anyone') return;

    route.onRequest = [noStore, ...asArray(route.onRequest)];
    // Stripe sends no user credentials: the route checks the Stripe-Signature of the raw body.
    if (policy === 'stripe-signature') return;
    const authenticate =
      policy === 'optional-sign-in'
        ? authenticateOptionalAccessToken
        : ACCESS_TOKEN_POLICIES.has(policy)
          ? authenticateAccessToken
          : authenticateIdToken;
    // Ours first, so a route's own hooks only ever see an authorized request.
    route.preValidation = [authenticate, ...asArray(route.preValidation)];
    route.preHandler = [authorize(policy), ...asArray(route.preHandler)];
  });
}
