// The first screen painted from HTML (docs/decisions/025-the-first-screen-painted-from-html.md).
// The build captures what the signed-out pages that hold no data of their own look like once the
// app has drawn them (scripts/first-paint.mjs), in the remote version and shell build it drew them
// with. Serving such a page, the app server writes that picture into index.html, inert, beside an
// empty, hidden #root, with the stylesheets it needs: the browser paints the screen as soon as the
// HTML and its CSS are in, before any JavaScript. The shell then draws the live page into #root and,
// once it shows the same screen, swaps the two in one frame (host/src/first-paint.ts). A browser
// served another version of the page's remote, or a shell built since, gets no picture: the page
// is drawn by JavaScript alone, as before.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { firstScreenOf, routeTableOf, SHELL_CHUNKS_FILE } from './first-load.js';
import type { RegistryDocument } from './registry/index.js';

/** Written by scripts/first-paint.mjs into the deploy folder, beside the registry. */
export const FIRST_PAINT_FILE = 'first-paint.json';
/** The element the picture is served in; the shell reads the same id (host/src/first-paint.ts). */
export const FIRST_PAINT_ID = 'ajo-first-paint';

/**
 * The pages painted from HTML: signed out, the same for every visitor, nothing fetched to draw them.
 * The home page and the sign-in form, and the routes whose remote declares them painted
 * (`firstPaint` in its remote.json, record 038: the landing page's FAQ and legal pages).
 */
export function firstPaintPaths(registry: RegistryDocument | null | undefined): string[] {
  const table = routeTableOf(registry);
  const declared = Object.entries(registry?.remotes ?? {}).flatMap(([name, remote]) =>
    (remote.contributes?.routes ?? [])
      .filter((route) => route.firstPaint && table.routes.find((r) => r.path === route.path)?.owner === name)
      .map((route) => route.path),
  );
  return ['/', '/login', ...declared];
}

/** Which build of the shell a picture was taken with: its chunk lists carry content hashes. */
export function shellBuildKey(shellChunks: unknown) {
  return JSON.stringify(shellChunks ?? null);
}

/**
 * A picture is served only if it is markup and nothing else: no script, no inline style (the page's
 * style-src has no 'unsafe-inline'), no event handler, no id (the live page's ids must stay unique:
 * the shell finds its areas by id), nothing that could end the element it is served in.
 */
export function isServablePicture(html: unknown): html is string {
  return (
    typeof html === 'string' &&
    html.length > 0 &&
    !/<\s*\/?\s*(script|style|iframe|object|embed|link|meta|base|form\s[^>]*action)\b/i.test(
      html,
    ) &&
    !/\s(on[a-z]+|style|id|srcdoc)\s*=/i.test(html) &&
    !/javascript:/i.test(html)
  );
}

const ROOT_ELEMENT = /<div id=(?:"root"|root)><\/div>/;
const SAFE_STYLE = /^\/[A-Za-z0-9._~\-/]*\.css$/;
const SAFE_ID = /^[A-Za-z][\w-]*$/;

/** One page's picture in FIRST_PAINT_FILE, as scripts/first-paint.mjs writes it. */
export interface Picture {
  html: string;
  styles: string[];
  revealOn: string;
  manifest?: string | null;
}
interface Pictures {
  shell?: string;
  pages?: Record<string, Partial<Picture> | undefined>;
}

export function createFirstPaint({ distDir, deployDir }: { distDir: string; deployDir: string }) {
  const file = path.join(deployDir, FIRST_PAINT_FILE);
  const readJson = <T>(where: string): Promise<T | null> =>
    readFile(where, 'utf8')
      .then((text) => JSON.parse(text) as T)
      .catch(() => null);
  // Re-read when the build writes a new one; a running server picks it up without a restart.
  let cached: { mtimeMs: number; value: Pictures | null } = { mtimeMs: -1, value: null };
  async function pictures() {
    const mtimeMs = await stat(file).then<number | null, null>(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtimeMs === null) return null;
    if (mtimeMs !== cached.mtimeMs) {
      const [value, shell] = await Promise.all([
        readJson<Pictures>(file),
        readJson<unknown>(path.join(distDir, SHELL_CHUNKS_FILE)),
      ]);
      cached = { mtimeMs, value: value?.shell === shellBuildKey(shell) ? value : null };
    }
    return cached.value;
  }

  /**
   * The picture of `pathname` for a browser served `registry`, or null: none taken, taken with
   * another shell build, or with another version of the page's remote than this browser gets.
   */
  async function pictureFor(
    pathname: string,
    registry: RegistryDocument | null | undefined,
  ): Promise<Picture | null> {
    const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (!firstPaintPaths(registry).includes(trimmed)) return null;
    const picture = (await pictures())?.pages?.[trimmed];
    if (!picture || !isServablePicture(picture.html)) return null;
    if (!Array.isArray(picture.styles) || !picture.styles.every((s) => SAFE_STYLE.test(s))) {
      return null;
    }
    if (typeof picture.revealOn !== 'string' || !SAFE_ID.test(picture.revealOn)) return null;
    const { remote } = firstScreenOf(trimmed, registry);
    const manifest = remote ? (registry?.remotes?.[remote]?.manifest ?? null) : null;
    if ((picture.manifest ?? null) !== manifest) return null;
    return picture as Picture;
  }

  return { pictureFor };
}

/**
 * `html` (index.html) with `picture` written in: an empty, hidden #root first (the shell's areas are
 * found by id in document order), then the inert picture naming the element the shell waits for.
 * The stylesheets go into the head: they block the first paint, which needs them; the shell's CSS
 * loading later asks for the same files and gets them from the cache.
 */
export function paintPicture(html: string, picture: Picture, nonce: string) {
  // The built index.html is minified: the attribute may come without quotes.
  if (!ROOT_ELEMENT.test(html)) return html;
  const links = picture.styles
    .map((href) => `<link rel="stylesheet" href="${href}" nonce="${nonce}">`)
    .join('');
  return html
    .replace(/<\/head>/i, (end) => `${links}${end}`)
    .replace(
      ROOT_ELEMENT,
      () =>
        `<div id="root" hidden></div><div id="${FIRST_PAINT_ID}" inert data-reveal-on="${picture.revealOn}">${picture.html}</div>`,
    );
}
