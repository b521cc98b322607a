// The parts of zod/mini the schemas and forms use, and nothing else. `@ajo/shared/schemas` is a
// federation-shared module, and webpack keeps every export of a shared module because it cannot know
// which ones a remote will call: re-exporting zod/mini's whole `z` shipped all of zod (its locales,
// JSON Schema, the compiler: 81 KB gzip, twice on the dashboard) to /login, /signup and /dashboard.
// A namespace of named re-exports keeps `z.object(...)` everywhere and ships only these.
// Add a name here when a schema needs it; docs/decisions/017-compressed-and-budgeted-first-pages.md.
export {
  array,
  boolean,
  config,
  custom,
  email,
  enum,
  extend,
  gt,
  gte,
  int,
  literal,
  lte,
  maxLength,
  minLength,
  nullable,
  number,
  object,
  optional,
  pipe,
  refine,
  regex,
  strictObject,
  string,
  superRefine,
  transform,
  trim,
  union,
} from 'zod/mini';
export type { infer, input, output, ZodMiniType } from 'zod/mini';
