import type { Plugin } from 'vite';
import { browserBuildOnly } from './build-checks';

/** Which importers get a library of their own (see `libraryCopyFor`). */
type LibraryCopy = {
  /** The bare specifier, e.g. `react-hook-form`. */
  library: string;
  /** The importers' paths that get the copy. */
  importers: RegExp;
  /** Names the copy: a query on the library's file, so its module id differs. */
  copy: string;
};

/** The copy's module id for a resolved library file: the same file, another module. */
function copyModuleId(resolvedId: string, copy: string): string {
  return `${resolvedId}${resolvedId.includes('?') ? '&' : '?'}${copy}`;
}

/**
 * Gives `importers` a copy of a library that is one module file, such as react-hook-form's
 * `dist/index.esm.mjs`. A bundler puts a module in one chunk with every export any chunk uses,
 * so the login page's `useForm` came with the course editor's `useFieldArray`, `useController`,
 * `useWatch` and `FormProvider`: 3 KB gzip that no public screen runs (docs/decisions.md D105).
 * With its own copy, the editor's chunk carries what it uses and every other screen what they
 * use. The importers must take every runtime export of the library from the copy (a context made
 * by one copy is unknown to the other), which is why they are named by folder.
 */
export function libraryCopyFor({ library, importers, copy }: LibraryCopy): Plugin {
  return {
    name: `learntogether:library-copy:${copy}`,
    // The browser's build only: the prerender's Node build and the dev server keep one module.
    apply: browserBuildOnly,
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== library || !importer || !importers.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? { ...resolved, id: copyModuleId(resolved.id, copy) } : null;
    },
  };
}
