import { afterAll, afterEach } from 'vitest';
import { takeResponseMismatches } from './helpers/openapi-conformance';

/**
 * Every answer a test app sends is checked against the OpenAPI document
 * (helpers/openapi-conformance.ts): the test that produced a mismatch fails (or the file, for
 * answers sent while setting up or tearing down).
 */
function failOnMismatches(): void {
  const mismatches = takeResponseMismatches();
  if (mismatches.length > 0) {
    throw new Error(`Answers that differ from /api/openapi.json:\n${mismatches.join('\n')}`);
  }
}

afterEach(failOnMismatches);
afterAll(failOnMismatches);
