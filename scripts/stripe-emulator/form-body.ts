// Stripe's request encoding: `application/x-www-form-urlencoded` bodies (and GET query strings) whose
// keys nest with brackets — `metadata[order]=7`, `payment_method_types[0]=card` or
// `payment_method_types[]=card` — plus typed readers that answer Stripe's parameter errors.
import { ApiError, apiErrors } from './api-error';

export type FormValue = string | FormObject;
export type FormObject = { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match?.[1]) return [key];
  const nested = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  return [match[1], ...nested];
}

// Nested keys always make objects (`x[0]`, `x[1]` → { 0, 1 }; `x[]` appends the next index), so a
// metadata key that happens to be a number stays a key; readStringList reads such objects as lists.
function setPath(root: FormObject, path: string[], value: string, fullKey: string): void {
  let container: FormObject = root;
  path.forEach((rawSegment, index) => {
    const segment = rawSegment === '' ? String(Object.keys(container).length) : rawSegment;
    if (index === path.length - 1) {
      if (typeof container[segment] === 'object') throw apiErrors.invalidString(fullKey);
      container[segment] = value;
      return;
    }
    const existing = container[segment];
    if (existing === undefined) {
      const created: FormObject = {};
      container[segment] = created;
      container = created;
    } else if (typeof existing === 'string') {
      throw apiErrors.invalidHash(fullKey);
    } else container = existing;
  });
}

/** Parses a form-encoded body or query string into nested objects and lists. */
export function parseForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(encoded)) setPath(root, keyPath(key), value, key);
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
