// Child processes run plain Node (no TypeScript loader): this transpiles a source module and
// everything it imports from src/ into a temp directory, keeping the layout, and links
// node_modules so package imports resolve.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
const IMPORT_RE =
  /(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** Transpiles `src/<entry>.ts` and its relative imports into `outDir/src`; returns the entry's .js path. */
export function transpileForChild(entry: string, outDir: string): string {
  const seen = new Set<string>();
  const queue = [join(SRC, `${entry}.ts`)];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const out = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
      fileName: file,
    }).outputText;
    const target = join(outDir, 'src', relative(SRC, file)).replace(/\.tsx?$/, '.js');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, out);
    for (const m of source.matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2];
      if (!spec) continue;
      // Type-only imports vanish from the output; their files are harmless to transpile too.
      const base = resolve(dirname(file), spec).replace(/\.js$/, '');
      queue.push(`${base}.ts`);
    }
  }
  try {
    symlinkSync(join(ROOT, 'node_modules'), join(outDir, 'node_modules'), 'dir');
  } catch {
    // Already linked.
  }
  writeFileSync(join(outDir, 'package.json'), JSON.stringify({ type: 'module' }));
  return join(outDir, 'src', `${entry}.js`);
}
