import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { apiErrorSchema } from '../../../contract/errors';

/**
 * Expects an error answer: the status, the `{ error: { code, message } }` shape and, when given,
 * the exact message. Returns the message (for checks that only look at part of it).
 */
export function expectError(res: LightMyRequestResponse, status: number, message?: string): string {
  expect(res.statusCode, res.body).toBe(status);
  const { error } = apiErrorSchema.parse(res.json());
  if (message !== undefined) expect(error.message).toBe(message);
  return error.message;
}
