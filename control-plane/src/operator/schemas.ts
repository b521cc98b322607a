// The operator API's request schemas. JSON Schema (Fastify's own validator), not zod: their
// messages ("body/version must be string") are the API's documented 400 answers, and the console
// and the operators' scripts read them.
import { OVERRIDE_MINUTES } from '../registry-per-browser.js';

const reason = { type: 'string', maxLength: 500 } as const;
const version = { type: 'string', maxLength: 64 } as const;
const force = { type: 'boolean' } as const;

const changeBody = (properties: Record<string, object>, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: { ...properties, reason },
});

export interface ChangeBody {
  reason?: string;
}

export const historyQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    remote: { type: 'string', maxLength: 64 },
    limit: { type: 'integer', minimum: 1, maximum: 1000 },
  },
};
export interface HistoryQuery {
  remote?: string;
  limit?: number;
}

export const activateBody = changeBody({ version, force }, ['version']);
export interface ActivateBody extends ChangeBody {
  version: string;
  force?: boolean;
}

export const rolloutBody = changeBody({ version, percent: { type: 'number' }, force }, [
  'version',
  'percent',
]);
export interface RolloutBody extends ActivateBody {
  percent: number;
}

export const cancelRolloutBody = { anyOf: [changeBody({}), { type: 'null' }] };

export const rollbackBody = { anyOf: [changeBody({ version }), { type: 'null' }] };
export interface RollbackBody extends ChangeBody {
  version?: string;
}

export const overrideBody = changeBody(
  {
    remote: { type: 'string', maxLength: 64 },
    version,
    minutes: { type: 'integer', minimum: 1, maximum: OVERRIDE_MINUTES.max },
    force,
  },
  ['remote', 'version'],
);
export interface OverrideBody extends ActivateBody {
  remote: string;
  minutes?: number;
}
