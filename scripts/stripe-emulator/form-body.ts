// Stripe's request encoding: `application/x-www-form-urlencoded` bodies (and GET query strings) whose
// keys nest with brackets — `metadata[order]=7`, `payment_method_types[0]=card` or
// `payment_method_types[]=card`, parsed by qs — plus typed readers that answer Stripe's parameter errors.
import qs from 'qs';
import { ApiError, apiErrors } from './api-error';

type FormValue = string | FormObject;
export type FormObject = { [key: string]: FormValue };

// qs with Stripe's bracket syntax: lists stay lists up to 100 entries (a larger index, such as a
// metadata key `metadata[500]`, is an object key), nesting deeper than 10 levels is refused.
const qsOptions: qs.IParseOptions = {
  depth: 10,
  strictDepth: true,
  arrayLimit: 100,
  allowSparse: true,
  parameterLimit: 1000,
  duplicates: 'last',
};

// qs's lists become objects keyed by index (`x[0]`, `x[1]` → { 0, 1 }; `x[]` appends), so a metadata
// key that happens to be a number stays a key; readStringList reads such objects as lists. A key used
// both as a value and as a hash (`a=1&a[b]=2`) is Stripe's "invalid hash" error.
function toFormValue(value: unknown, name: string): FormValue {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) throw apiErrors.invalidString(name);
  const entries = Object.entries(value).filter(([, item]) => item !== undefined && item !== null);
  if (Array.isArray(value) && new Set(entries.map(([, item]) => typeof item)).size > 1)
    throw apiErrors.invalidHash(name);
  const object: FormObject = {};
  for (const [key, item] of entries) object[key] = toFormValue(item, `${name}[${key}]`);
  return object;
}

/** Parses a form-encoded body or query string into nested objects and lists. */
export function parseForm(encoded: string): FormObject {
  let parsed: Record<string, unknown>;
  try {
    parsed = qs.parse(encoded, qsOptions);
  } catch (error) {
    throw new ApiError(400, {
      type: 'invalid_request_error',
      message: `Invalid request: ${error instanceof Error ? error.message : 'malformed parameters'}.`,
      code: 'parameter_invalid',
    });
  }
  const root: FormObject = {};
  for (const [key, value] of Object.entries(parsed)) root[key] = toFormValue(value, key);
  return root;
}

/** Rejects parameters the endpoint does not take, as Stripe does. */
export function rejectUnknown(params: FormObject, known: readonly string[], prefix = ''): void {
  for (const key of Object.keys(params)) {
    if (!known.includes(key)) throw apiErrors.unknownParam(prefix ? `${prefix}[${key}]` : key);
  }
}

export function readString(params: FormObject, key: string, name = key): string | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw apiErrors.invalidString(name);
  return value;
}

export function requireString(params: FormObject, key: string, name = key): string {
  const value = readString(params, key, name);
  if (value === undefined || value === '') throw apiErrors.missingParam(name);
  return value;
}

export function readInteger(params: FormObject, key: string, name = key): number | undefined {
  const value = readString(params, key, name);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw apiErrors.invalidInteger(name, value);
  return Number(value);
}

export function readBoolean(params: FormObject, key: string, name = key): boolean | undefined {
  const value = readString(params, key, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') throw apiErrors.invalidBoolean(name, value);
  return value === 'true';
}

export function readObject(params: FormObject, key: string, name = key): FormObject | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') throw apiErrors.invalidHash(name);
  return value;
}

export function readStringList(params: FormObject, key: string, name = key): string[] | undefined {
  const value = params[key];
  if (value === undefined) return undefined;
  const list = typeof value === 'object' ? Object.values(value) : [];
  if (typeof value === 'string' || list.some((item) => typeof item !== 'string'))
    throw new ApiError(400, {
      type: 'invalid_request_error',
      message: `Invalid array: ${name} must be a list of strings.`,
      code: 'parameter_invalid',
      param: name,
    });
  return list.filter((item): item is string => typeof item === 'string');
}

/** Stable JSON of the params, to compare an idempotent retry with the first request. */
export function fingerprint(params: FormObject): string {
  const sort = (value: FormValue): unknown =>
    typeof value === 'string'
      ? value
      : Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sort(value[key] as FormValue)]),
        );
  return JSON.stringify(sort(params));
}
