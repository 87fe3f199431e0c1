// TypeBox's default exports (`import Type from 'typebox'`, `import Value from 'typebox/value'`)
// are namespace objects: the bundler keeps every member of a namespace used as a value, so one
// `Type.Object(...)` brought all of TypeBox into the app (its type-script parser included, about
// 21 KiB gzip of the 50 of the shared schemas' chunk). This plugin rewrites, in the app's build
// only, each such import whose local name is used solely as `Type.Member` into named imports,
// which the bundler can trim. The sources keep the house style; the server is not affected.
// A module that uses the name any other way (passed along, spread) is left as it is.
import type { Plugin } from 'vite';

const NAMESPACE_PACKAGES = new Set(['typebox', 'typebox/value']);
const DEFAULT_IMPORT = /import\s+([A-Za-z_$][\w$]*)\s*(,\s*\{[^}]*\})?\s*from\s*(['"])([^'"]+)\3;?/g;

/** The module with its TypeBox namespace imports made named; undefined when nothing changed. */
export function toNamedTypeboxImports(code: string): string | undefined {
  let result = code;
  let isChanged = false;
  for (const match of code.matchAll(DEFAULT_IMPORT)) {
    const [statement, local, named, , source] = match as unknown as [
      string,
      string,
      string | undefined,
      string,
      string,
    ];
    if (!NAMESPACE_PACKAGES.has(source)) continue;
    const rest = result.replace(statement, '');
    const uses = [...rest.matchAll(new RegExp(`(?<![\\w$.])${local}(?![\\w$])(\\.([A-Za-z_$][\\w$]*))?`, 'g'))];
    if (uses.length === 0 || uses.some((use) => use[2] === undefined)) continue;
    const members = [...new Set(uses.map((use) => use[2]!))];
    const alias = (member: string) => `__${local}_${member}`;
    const imports = [
      `import { ${members.map((member) => `${member} as ${alias(member)}`).join(', ')} } from '${source}';`,
    ];
    if (named) imports.push(`import ${named.replace(/^,\s*/, '')} from '${source}';`);
    const body = rest.replace(new RegExp(`(?<![\\w$.])${local}\\.([A-Za-z_$][\\w$]*)`, 'g'), (_whole, member: string) =>
      alias(member),
    );
    result = imports.join('\n') + '\n' + body;
    isChanged = true;
  }
  return isChanged ? result : undefined;
}

export function namedTypeboxImportsPlugin(): Plugin {
  return {
    name: 'named-typebox-imports',
    // After TypeScript is stripped: type-only imports and annotations are gone by then.
    transform(code, id) {
      if (id.includes('/node_modules/') || !/from\s*['"]typebox(\/value)?['"]/.test(code)) return undefined;
      const rewritten = toNamedTypeboxImports(code);
      return rewritten === undefined ? undefined : { code: rewritten, map: null };
    },
  };
}
