import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { wholeProcessSuites } from './test-files';

/**
 * Vitest's order (each project's files together; those that failed or took longest last time
 * first, and, on a clone with no such record, the largest first), but with the server files that
 * start whole processes ahead of the rest: they take a minute or more, mostly waiting on the
 * processes, and started last (a fresh clone orders them by their small size) they ran on alone
 * at the end of the suite while the other worker had nothing left (docs/decisions.md D109).
 */
export class WholeProcessesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root;
    const first = new Set(wholeProcessSuites().map((file) => path.resolve(root, file)));
    const rank = (spec: TestSpecification) => (first.has(spec.moduleId) ? 0 : 1);
    // Array.prototype.sort is stable: within each project, the rest keep Vitest's order.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return sorted.sort(
      (a, b) =>
        projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || rank(a) - rank(b),
    );
  }
}
