/** A form-encoded Stripe request, nested by its bracket notation (`a[b][0]=c`, `expand[]=d`). */
export interface Params {
  [key: string]: Param;
}
export type Param = string | Params;

/** Stripe's error envelope: `{ error: { type, message, code?, param? } }` with a 4xx status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: { type?: string; code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }

  toJSON() {
    const { type = 'invalid_request_error', code, param, decline_code } = this.details;
    return {
      error: {
        ...(code && { code, doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}` }),
        ...(decline_code && { decline_code }),
        message: this.message,
        ...(param && { param }),
        type,
      },
    };
  }
}

export const missingParam = (param: string) =>
  new StripeApiError(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const invalidParam = (param: string, message: string, code = 'parameter_invalid') =>
  new StripeApiError(400, message, { code, param });

/** A missing object named in the URL is a 404; one named by a parameter is a 400 (Stripe does the same). */
export const noSuch = (kind: string, id: string, param: string, status = 404) =>
  new StripeApiError(status, `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

// Keys that would reach Object.prototype when nesting; Stripe has no such params.
const UNSAFE = new Set(['__proto__', 'constructor', 'prototype']);

/** Nests `a[b][c]=v` pairs into objects; `a[]` appends, so arrays come out as objects keyed 0, 1, … */
export function parseParams(...sources: URLSearchParams[]): Params {
  const root: Params = {};
  for (const source of sources) {
    for (const [key, value] of source) {
      const base = key.split('[', 1)[0] ?? '';
      const segments = [
        base,
        ...Array.from(key.slice(base.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1] ?? ''),
      ];
      if (segments.some((segment) => UNSAFE.has(segment))) continue;
      let node = root;
      segments.forEach((segment, index) => {
        const name = segment === '' ? String(Object.keys(node).length) : segment;
        if (index === segments.length - 1) {
          node[name] = value;
          return;
        }
        const next = node[name];
        if (typeof next === 'object') node = next;
        else {
          const child: Params = {};
          node[name] = child;
          node = child;
        }
      });
    }
  }
  return root;
}

/** A list of param names written space-separated. */
export const known = (names: string) => names.split(' ');

/** Rejects parameters Stripe does not know, as the API does, so a typo fails here as it would there. */
export function rejectUnknown(params: Params, known: readonly string[], prefix = ''): void {
  for (const key of Object.keys(params)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (!known.includes(key)) {
      throw invalidParam(name, `Received unknown parameter: ${name}`, 'parameter_unknown');
    }
  }
}

export function optionalString(
  params: Params,
  key: string,
  name = key,
  maxLength = 5000,
): string | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined; // Stripe reads an empty string as unset
  if (typeof value !== 'string') throw invalidParam(name, `Invalid string: ${name} must be a string`);
  if (value.length > maxLength) {
    throw invalidParam(name, `Invalid string: must be at most ${maxLength} characters`, 'string_length');
  }
  return value;
}

export function requiredString(params: Params, key: string, name = key, maxLength = 5000): string {
  const value = optionalString(params, key, name, maxLength);
  if (value === undefined) throw missingParam(name);
  return value;
}

export function optionalInteger(params: Params, key: string, name = key, min = 0): number | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value)) {
    throw invalidParam(
      name,
      `Invalid integer: ${typeof value === 'string' ? value : name}`,
      'parameter_invalid_integer',
    );
  }
  const number = Number(value);
  if (number < min) throw invalidParam(name, `This value must be greater than or equal to ${min}.`);
  return number;
}

export function optionalObject(params: Params, key: string, name = key): Params | undefined {
  const value = params[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') throw invalidParam(name, `Invalid object: ${name} must be a hash`);
  return value;
}

/** An array param (`a[0]`, `a[1]` or `a[]`) in order. */
export function listParam(params: Params, key: string): Param[] {
  const value = optionalObject(params, key);
  if (!value) return [];
  const keys = Object.keys(value);
  if (!keys.every((k) => /^\d+$/.test(k))) throw invalidParam(key, `Invalid array: ${key} must be an array`);
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => value[k] as Param);
}

export function expandParam(params: Params): string[] {
  return listParam(params, 'expand').map((value, index) => {
    if (typeof value !== 'string') {
      throw invalidParam(`expand[${index}]`, 'Invalid string: expand entries are strings');
    }
    return value;
  });
}

/** Stripe's metadata rules: up to 50 string keys of 40 characters, values of 500; empty values unset. */
export function metadataParam(params: Params, key = 'metadata', name = key): Record<string, string> {
  const value = optionalObject(params, key, name) ?? {};
  const metadata: Record<string, string> = {};
  for (const [field, entry] of Object.entries(value)) {
    const param = `${name}[${field}]`;
    if (typeof entry !== 'string') throw invalidParam(param, `Invalid value for ${param}: must be a string`);
    if (field.length > 40) throw invalidParam(param, 'Metadata keys can be up to 40 characters long.');
    if (entry.length > 500) throw invalidParam(param, 'Metadata values can be up to 500 characters long.');
    if (entry !== '') metadata[field] = entry;
  }
  if (Object.keys(metadata).length > 50) throw invalidParam(name, 'Metadata can have up to 50 keys.');
  return metadata;
}
