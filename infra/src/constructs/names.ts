/** `person-models` → `PersonModels`, for construct ids derived from shared names. */
export const pascalCase = (name: string): string =>
  name.replace(/(^|[-_])(\w)/g, (_match, _sep, c: string) => c.toUpperCase());
