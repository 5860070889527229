/**
 * Imports antd-mobile's and antd-mobile-icons' components from their own modules instead of the
 * libraries' index: `import { Button, Toast } from 'antd-mobile'` in the app's code becomes one
 * import per component's module.
 *
 * antd-mobile declares its index as having side effects (it imports the global styles), so the
 * index stays a module of its own: its chunk imports every chunk holding a component it
 * re-exports, and a page that imports one component from it fetched the chunks of components
 * only other pages use (scripts/page-chunks.ts groups modules by the pages that need them).
 * The global styles are imported by app/main.tsx.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const LIBRARIES = ['antd-mobile', 'antd-mobile-icons'];
const require = createRequire(import.meta.url);

interface Export {
  file: string;
  imported: string;
}

/** Each name the library's index re-exports, with the module and the name it comes from. */
function exportsOf(library: string): Map<string, Export> {
  const root = path.dirname(require.resolve(`${library}/package.json`));
  const index = path.join(root, 'es', 'index.js');
  const names = new Map<string, Export>();
  for (const [, clause, specifier] of readFileSync(index, 'utf8').matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    if (!clause || !specifier) continue;
    const target = require.resolve(path.resolve(path.dirname(index), specifier));
    for (const part of clause.split(',')) {
      const [imported, exported = imported] = part.trim().split(/\s+as\s+/).map((name) => name.trim());
      if (imported && exported) names.set(exported, { file: target, imported });
    }
  }
  return names;
}

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]\s*;?/g;

export function directImports(): Plugin {
  const tables = new Map<string, Map<string, Export>>();
  const tableOf = (library: string) => {
    let table = tables.get(library);
    if (!table) {
      table = exportsOf(library);
      tables.set(library, table);
    }
    return table;
  };
  return {
    name: 'sales:direct-imports',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !LIBRARIES.some((library) => code.includes(library))) return null;
      let changed = false;
      const rewritten = code.replace(NAMED_IMPORT, (statement, clause: string, source: string) => {
        if (!LIBRARIES.includes(source)) return statement;
        const table = tableOf(source);
        const parts = clause
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => {
            const [imported, local = imported] = part.split(/\s+as\s+/).map((name) => name.trim());
            return { imported: imported ?? '', local: local ?? '', target: table.get(imported ?? '') };
          });
        // A name the index does not re-export (a type, once types are gone, never reaches here): keep the statement.
        if (parts.some((part) => !part.target)) return statement;
        changed = true;
        return parts.map(({ local, target }) => `import { ${target?.imported} as ${local} } from ${JSON.stringify(target?.file)};`).join('\n');
      });
      return changed ? { code: rewritten, map: null } : null;
    },
  };
}
