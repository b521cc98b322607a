// One place that binds the shared zod/mini schemas to react-hook-form (docs/conventions.md §3).
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/** The shared schemas are zod/mini (zod 4 core), which @hookform/resolvers 5 accepts directly. */
export function schemaResolver<T extends FieldValues>(schema: Parameters<typeof zodResolver>[0]) {
  return zodResolver(schema) as unknown as Resolver<T>;
}
