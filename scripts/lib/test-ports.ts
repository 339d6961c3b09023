/**
 * TEST_PORT_OFFSET (default 0) moves every port a test stack listens on by the same amount, so
 * two test runs (two clones, two worktrees) can share one machine: e.g. `TEST_PORT_OFFSET=1000`.
 */
export function testPort(port: number): number {
  const raw = process.env.TEST_PORT_OFFSET?.trim();
  if (!raw) return port;
  const offset = Number(raw);
  if (!Number.isInteger(offset) || offset < 0 || port + offset > 65_000) {
    throw new Error(`TEST_PORT_OFFSET must be a whole number that keeps ports under 65000: ${raw}`);
  }
  return port + offset;
}
