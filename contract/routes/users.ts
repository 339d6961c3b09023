import type { RouteKey } from '../access-policy';
import { type ApiRouteSpec } from '../api-route-spec';
import {
  acknowledgedSchema,
  deleteUserResponseSchema,
  emailParamsSchema,
  isAdminResponseSchema,
  profileUpdateBodySchema,
  roleChangedResponseSchema,
  tokenExchangeBodySchema,
  tokenResponseSchema,
  userListSchema,
  userProfileSchema,
} from '../users';

/** Accounts: the token exchange, profiles and the admin's user list. Part of the one table of the API (contract/api-routes.ts). */
export const USER_ROUTES = {
  'PUT /api/user/:email': {
    access: 'firebase-self',
    params: emailParamsSchema,
    body: tokenExchangeBodySchema,
    response: { 200: tokenResponseSchema },
  },
  'GET /api/admin/:email': {
    access: 'self',
    params: emailParamsSchema,
    response: { 200: isAdminResponseSchema },
  },
  'GET /api/userprofile/:email': {
    access: 'self-or-admin',
    params: emailParamsSchema,
    response: { 200: userProfileSchema },
  },
  'PUT /api/userupdate/:email': {
    access: 'self',
    params: emailParamsSchema,
    body: profileUpdateBodySchema,
    response: { 200: acknowledgedSchema },
  },

  'GET /api/allusers': {
    access: 'admin',
    response: { 200: userListSchema },
  },
  'DELETE /api/allusers/dlt/:email': {
    access: 'admin',
    params: emailParamsSchema,
    response: { 200: deleteUserResponseSchema },
  },
  'PUT /api/allusers/makeadmin/:email': {
    access: 'admin',
    params: emailParamsSchema,
    response: { 200: roleChangedResponseSchema },
  },
  'PUT /api/allusers/removeadmin/:email': {
    access: 'admin',
    params: emailParamsSchema,
    response: { 200: roleChangedResponseSchema },
  },
} as const satisfies Readonly<Record<RouteKey, ApiRouteSpec>>;
