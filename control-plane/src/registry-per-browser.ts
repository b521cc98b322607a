// What one browser loads (docs/decisions/021-rollout-and-overrides.md): the registry document is
// resolved per request from the version live for everyone, the remote's rollout (this browser's
// sticky bucket below its percentage) and the signed overrides a tester holds, in that order of
// strength: override > rollout > live. When a browser gets another version than everyone's, the
// everyone-live version is its `fallback`, the one it falls back to by itself when that one fails.
//
// - The bucket is an HttpOnly cookie (0..99, random, long-lived) the app server sets on pages and
//   /registry.json when the browser has none, so a browser keeps its side of a rollout.
// - An override is a token the operator API issues (`POST /_operator/overrides`): remote, version
//   and expiry, HMAC-SHA256-signed with REGISTRY_OVERRIDE_SECRET or the key kept in the registry
//   database (every app server of the registry shares it). `/?ajo-override=<token>` on any page
//   keeps it in an HttpOnly cookie of that browser (one per remote) and redirects to the same URL
//   without it; `?ajo-override=clear` drops them. In production only valid signed tokens count; in
//   development `?ajo-override=<remote>@<version>` (a published version) works unsigned too.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { manifestUrl, REMOTE_NAME } from './registry/index.js';
import type { Contributions, RegistryDocument, RegistryStore, Rollout } from './registry/index.js';

export const OVERRIDE_PARAM = 'ajo-override';
export const BUCKET_COOKIE = 'ajo-bucket';
/** One cookie per remote: `ajo-override-<remote>`. */
export const overrideCookie = (remote: string) => `ajo-override-${remote}`;
export const OVERRIDE_MINUTES = { default: 60, max: 24 * 60 };

/** A browser keeps its bucket for as long as Chromium keeps any cookie (400 days). */
const BUCKET_MAX_AGE_S = 400 * 24 * 60 * 60;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
// Any remote's name: which remotes exist is the registry's to say (record 038); a signed token
// or a published version's folder is what makes an override count.
const isRemote = (name: string) => REMOTE_NAME.test(name) && name !== 'host';

/** An override a browser holds: its remote's version, until `expiresAt` (null: unsigned, development). */
export interface Override {
  remote: string;
  version: string;
  expiresAt: Date | null;
}

/**
 * The document for one browser. `document`: what everyone gets (store.document()); `rollouts`: per
 * remote { version, percent }; `bucket`: this browser's 0..99; `overrides`: remote -> version;
 * `contributesOf`: what a version contributes, so a browser given another version gets that
 * version's routes and sidebar entries (a remote only an override names appears for that browser
 * alone: a new remote tried before it is live).
 */
export function resolveForBrowser(
  document: RegistryDocument,
  {
    rollouts = {},
    bucket = null,
    overrides = {},
    contributesOf = () => null,
  }: {
    rollouts?: Record<string, Rollout | undefined>;
    bucket?: number | null;
    overrides?: Record<string, string | undefined>;
    contributesOf?: (name: string, version: string) => Contributions | null;
  },
): RegistryDocument {
  const remotes = { ...document.remotes };
  const names = new Set([
    ...Object.keys(document.remotes),
    ...Object.keys(rollouts),
    ...Object.keys(overrides),
  ]);
  for (const name of names) {
    const rollout = rollouts[name];
    const chosen =
      overrides[name] ??
      (rollout && bucket !== null && bucket < rollout.percent ? rollout.version : null);
    const everyone = document.remotes[name];
    if (!chosen || chosen === everyone?.version) continue;
    // Unreadable (an override of a version whose files are gone): everyone's routes stay.
    const contributes = contributesOf(name, chosen) ?? everyone?.contributes ?? null;
    remotes[name] = {
      version: chosen,
      manifest: manifestUrl(name, chosen),
      ...(contributes ? { contributes } : {}),
      ...(everyone ? { fallback: { version: everyone.version, manifest: everyone.manifest } } : {}),
    };
  }
  return { ...document, remotes };
}

/**
 * Signs and checks override tokens: `<remote>~<version>~<expiry, Unix seconds>~<HMAC>`, readable
 * by a tester, useless to change. `secret`: REGISTRY_OVERRIDE_SECRET, else the registry's own key.
 */
export function createOverrideSigner({
  store,
  secret,
  now = Date.now,
}: {
  store: Pick<RegistryStore, 'overrideSecret'>;
  secret?: string | undefined;
  now?: (() => number) | undefined;
}) {
  let key: Promise<string> | null = secret ? Promise.resolve(secret) : null;
  // A database that cannot be read now may be readable on the next request: only success is kept.
  const keyOf = () => {
    key ??= store.overrideSecret().catch((error: unknown) => {
      key = null;
      throw error;
    });
    return key;
  };
  const mac = async (remote: string, version: string, expires: number | string) =>
    createHmac('sha256', await keyOf())
      .update(`ajo-override-v1\n${remote}\n${version}\n${expires}`)
      .digest();

  return {
    now,
    /** The token for `remote`@`version` until `expiresAt` (a Date, whole seconds). */
    async sign({
      remote,
      version,
      expiresAt,
    }: {
      remote: string;
      version: string;
      expiresAt: Date;
    }): Promise<string> {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const signature = (await mac(remote, version, expires)).toString('base64url');
      return `${remote}~${version}~${expires}~${signature}`;
    },
    /** { remote, version, expiresAt } for a signed token still valid, else null. */
    async verify(token: unknown): Promise<Override | null> {
      const parts = typeof token === 'string' && token.length <= 200 ? token.split('~') : [];
      if (parts.length !== 4) return null;
      const [remote = '', version = '', expires = '', signature = ''] = parts;
      if (!isRemote(remote) || !VERSION.test(version) || !/^\d{1,12}$/.test(expires)) return null;
      let expected: Buffer;
      try {
        expected = await mac(remote, version, expires);
      } catch {
        return null; // no key to check with: nothing is trusted
      }
      const presented = Buffer.from(signature, 'base64url');
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
        return null;
      }
      const expiresAt = new Date(Number(expires) * 1000);
      return expiresAt.getTime() > now() ? { remote, version, expiresAt } : null;
    },
  };
}

/** The development form: `<remote>@<version>` of a version published in this deploy folder. */
function unsignedOverride(value: string, deployDir: string): Override | null {
  const match = /^([a-z_]{1,32})@(.{1,64})$/.exec(String(value));
  if (!match || !isRemote(match[1]!) || !VERSION.test(match[2]!)) return null;
  const [, remote = '', version = ''] = match;
  const published = existsSync(
    path.join(deployDir, 'remotes', remote, version, 'mf-manifest.json'),
  );
  return published ? { remote, version, expiresAt: null } : null;
}

export type OverrideSigner = ReturnType<typeof createOverrideSigner>;

interface PerBrowserOptions {
  store: RegistryStore;
  signer: OverrideSigner;
  deployDir: string;
  production: boolean;
}

const cookieOptions = (request: FastifyRequest, maxAge?: number) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
  ...(maxAge === undefined ? {} : { maxAge }),
});

/** The remotes this browser holds an override cookie for. */
function overriddenRemotes(request: FastifyRequest) {
  const prefix = overrideCookie('');
  return Object.keys(request.cookies)
    .filter((cookie) => cookie.startsWith(prefix))
    .map((cookie) => cookie.slice(prefix.length))
    .filter(isRemote);
}

/** `?ajo-override=<token>` on any page: kept in this browser, then the same URL without it. */
function overrideLinks(
  app: FastifyInstance,
  signer: OverrideSigner,
  accept: (value: string) => Promise<Override | null>,
) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    if (!request.url.includes(OVERRIDE_PARAM)) return undefined;
    const url = new URL(request.url, 'http://app.invalid');
    if (!url.searchParams.has(OVERRIDE_PARAM)) return undefined;
    if (/^\/(?:api|remotes|_operator)\//.test(url.pathname)) return undefined;
    for (const value of url.searchParams.getAll(OVERRIDE_PARAM)) {
      if (value === 'clear') {
        for (const name of overriddenRemotes(request)) {
          reply.clearCookie(overrideCookie(name), cookieOptions(request));
        }
        continue;
      }
      const override = await accept(value);
      // Bad, expired or (in production) unsigned: ignored, and the link still leads to the page.
      if (!override) continue;
      const maxAge = override.expiresAt
        ? Math.floor((override.expiresAt.getTime() - signer.now()) / 1000)
        : OVERRIDE_MINUTES.max * 60;
      reply.setCookie(overrideCookie(override.remote), value, cookieOptions(request, maxAge));
    }
    url.searchParams.delete(OVERRIDE_PARAM);
    // Only this site's path: '//host' at the start would send the browser elsewhere.
    const target = `/${url.pathname.replace(/^\/+/, '')}${url.search}`;
    return reply.header('Cache-Control', 'no-store').redirect(target, 303);
  });
}

/** Installs the cookies, the override links and the per-browser document on `app`. */
export async function perBrowserRegistry(
  app: FastifyInstance,
  { store, signer, deployDir, production }: PerBrowserOptions,
) {
  await app.register(fastifyCookie);

  /** A signed override still valid; in development also the unsigned form. */
  async function accept(value: string) {
    return (await signer.verify(value)) ?? (production ? null : unsignedOverride(value, deployDir));
  }

  /** This browser's bucket, given one (kept for 400 days) when it has none. */
  function bucket(request: FastifyRequest, reply: FastifyReply) {
    const held = request.cookies[BUCKET_COOKIE];
    if (/^\d{1,2}$/.test(held ?? '')) return Number(held);
    const fresh = randomInt(100);
    reply.setCookie(BUCKET_COOKIE, String(fresh), cookieOptions(request, BUCKET_MAX_AGE_S));
    return fresh;
  }

  overrideLinks(app, signer, accept);

  /** The overrides this browser holds that count (remote -> version). */
  async function overridesOf(request: FastifyRequest) {
    const overrides: Record<string, string> = {};
    for (const name of overriddenRemotes(request)) {
      const value = request.cookies[overrideCookie(name)];
      if (value === undefined) continue;
      const override = await accept(value);
      if (override?.remote === name) overrides[name] = override.version;
    }
    return overrides;
  }

  return {
    /** Pages give a browser its bucket too, before the first /registry.json. */
    ensureBucket: bucket,
    /** /registry.json for the browser of `request`. */
    async document(request: FastifyRequest, reply: FastifyReply) {
      const [document, rollouts, overrides] = await Promise.all([
        store.document(),
        store.rollouts(),
        overridesOf(request),
      ]);
      const resolved = resolveForBrowser(document, {
        rollouts,
        bucket: bucket(request, reply),
        overrides,
        contributesOf: store.contributesOf,
      });
      // Each version this browser is given is a load: a rollout's failure rate is per load
      // (registry/auto-stop.ts; counted in memory, written in batches).
      for (const [name, remote] of Object.entries(resolved.remotes)) {
        store.noteLoad(name, remote.version);
      }
      return resolved;
    },
  };
}
