// The operator API's request schemas. JSON Schema (Fastify's own validator), not zod: their
// messages ("body/version must be string") are the API's documented 400 answers, and the console
// and the operators' scripts read them.
import { OVERRIDE_MINUTES } from '../registry-per-browser.js';

const reason = { type: 'string', maxLength: 500 } as const;
const version = { type: 'string', maxLength: 64 } as const;
const force = { type: 'boolean' } as const;
/** Where the version declares a path another remote serves, it takes it (record 038). */
const wins = { type: 'boolean' } as const;

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

export const activateBody = changeBody({ version, force, wins }, ['version']);
export interface ActivateBody extends ChangeBody {
  version: string;
  force?: boolean;
  wins?: boolean;
}

export const rolloutBody = changeBody(
  {
    version,
    percent: { type: 'number' },
    force,
    wins,
    // The rollout stops itself above this many failures per 1,000 loads, after minLoads loads.
    stopAbove: { type: 'number' },
    minLoads: { type: 'number' },
  },
  ['version', 'percent'],
);
export interface RolloutBody extends ActivateBody {
  percent: number;
  stopAbove?: number;
  minLoads?: number;
}

export const cancelRolloutBody = { anyOf: [changeBody({}), { type: 'null' }] };

export const rollbackBody = { anyOf: [changeBody({ version, wins }), { type: 'null' }] };
export interface RollbackBody extends ChangeBody {
  version?: string;
  wins?: boolean;
}

/**
 * An upload's options, in its query (the body is the build): `new-remote` for a remote's first
 * version, `wins` where it declares another remote's path, `force` (with a reason) past the
 * remote's size budget.
 */
const flag = { type: 'string', enum: ['1', 'true', '0', 'false'] } as const;
export const uploadQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { 'new-remote': flag, wins: flag, force: flag, reason },
};
export interface UploadQuery {
  'new-remote'?: string;
  wins?: string;
  /** Past the remote's size budget, with a reason (publishing.ts). */
  force?: string;
  reason?: string;
}

export const overrideBody = changeBody(
  {
    remote: { type: 'string', maxLength: 64 },
    version,
    minutes: { type: 'integer', minimum: 1, maximum: OVERRIDE_MINUTES.max },
    force,
    wins,
  },
  ['remote', 'version'],
);
export interface OverrideBody extends ActivateBody {
  remote: string;
  minutes?: number;
}

/** Marking a version bad, or clearing the mark (docs/decisions/045-...). */
export const markBody = changeBody({ version }, ['version']);
export interface MarkBody extends ChangeBody {
  version: string;
}
