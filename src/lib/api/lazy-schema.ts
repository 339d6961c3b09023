// The part of Standard Schema (standardschema.dev, which RTK Query and zod speak) that checks an
// answer; its authors ask that the interface be copied rather than depended on.
type Issue = {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
};
type Result<T> =
  { readonly value: T; readonly issues?: undefined } | { readonly issues: ReadonlyArray<Issue> };
type ResponseSchema<T> = {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<T> | Promise<Result<T>>;
  };
};

/**
 * An endpoint's `responseSchema` whose module is fetched with the first answer it checks, not
 * with the screen. The contract's schemas are zod, and evaluating zod and a contract module was
 * the longest task of a data page's start (docs/decisions.md D67): a page hydrated from its
 * snapshot fetches nothing, so it never needs them. Every answer is still checked, once the
 * module is in (a few milliseconds after the first one arrives).
 */
export function lazySchema<T>(load: () => Promise<ResponseSchema<T>>): ResponseSchema<T> {
  let schema: Promise<ResponseSchema<T>> | undefined;
  return {
    '~standard': {
      version: 1,
      vendor: 'learntogether-lazy',
      validate: async (value: unknown) => {
        schema ??= load();
        return (await schema)['~standard'].validate(value);
      },
    },
  };
}
