/** @jest-environment node */
// The package stays navigable: no source file over 350 lines and no function over 100 (the aim is
// 300 and 80; docs/decisions/031-the-control-plane-in-a-package-of-its-own.md). No exceptions:
// everything was split when the package was converted to TypeScript.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = __dirname;
const MAX_FILE_LINES = 350;
const MAX_FUNCTION_LINES = 100;

const sources = readdirSync(SOURCE, { recursive: true, encoding: 'utf8' }).filter(
  (file) => /\.(ts|mjs|cjs|js)$/.test(file) && !/\.test\.(ts|mjs)$/.test(file),
);

/** Every function with a body, named by its declaration or the variable or property holding it. */
export function functionSizes(file: string, text: string) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const sizes: { name: string; lines: number }[] = [];
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const named =
        (node as ts.FunctionLikeDeclaration).name ?? (node.parent as ts.VariableDeclaration).name;
      const name = named && ts.isIdentifier(named) ? named.text : '(anonymous)';
      sizes.push({ name, lines: line(node.end) - line(node.getStart()) + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return sizes;
}

function oversized() {
  const found: Record<string, number> = {};
  for (const file of sources) {
    const key = file.split(path.sep).join('/');
    const text = readFileSync(path.join(SOURCE, file), 'utf8');
    const lines = text.split('\n').length;
    if (lines > MAX_FILE_LINES) found[key] = lines;
    for (const { name, lines: size } of functionSizes(file, text)) {
      if (size > MAX_FUNCTION_LINES)
        found[`${key}:${name}`] = Math.max(size, found[`${key}:${name}`] ?? 0);
    }
  }
  return found;
}

describe('sizes', () => {
  it('measures functions, nested and anonymous ones too', () => {
    const body = Array.from({ length: 120 }, (_, i) => `  x += ${i};`).join('\n');
    const sizes = functionSizes(
      'probe.ts',
      `export const big = () => {\n${body}\n};\nfunction small() {}\n`,
    );
    expect(sizes).toEqual([
      { name: 'big', lines: 122 },
      { name: 'small', lines: 1 },
    ]);
  });

  it('keeps every file and function under the limits', () => {
    expect(oversized()).toEqual({});
  });
});
