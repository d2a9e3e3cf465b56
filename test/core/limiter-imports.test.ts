import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));

/** Every bare module specifier statically imported by anything src/index.ts reaches (`files`: those files). */
function staticImports(entry: string, files = new Set<string>()): Set<string> {
  const seen = files;
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    // `import … from 'x'` and `export … from 'x'`, type-only ones excluded (erased at build).
    for (const m of text.matchAll(/^\s*(import|export)\s+(?!type\s)[^'";]*?from\s+'([^']+)'/gm)) {
      const spec = m[2] as string;
      if (spec.startsWith('.')) visit(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else packages.add(spec);
    }
    for (const m of text.matchAll(/^\s*import\s+'([^']+)'/gm)) packages.add(m[1] as string);
  };
  visit(entry);
  return packages;
}

describe('what the main entry loads', () => {
  it('never imports ioredis or bottleneck statically (bundling fareway must not need them)', () => {
    const packages = staticImports(resolve(src, 'index.ts'));
    expect(packages.size).toBeGreaterThan(0);
    expect([...packages]).toContain('zod/mini');
    expect([...packages]).not.toContain('ioredis');
    expect([...packages]).not.toContain('bottleneck');
  });
});

describe('the Redis half of the limiter', () => {
  it('is reached from no file of the main entry: it is loaded only when rateLimits.redis is set', () => {
    const files = new Set<string>();
    staticImports(resolve(src, 'index.ts'), files);
    const reached = [...files].map((f) => f.slice(src.length));
    expect(reached).toContain('core/limiter/limiter.ts');
    expect(reached).toContain('core/limiter/load-redis.ts');
    expect(reached.filter((f) => f.startsWith('redis/') || f === 'redis.ts')).toEqual([]);
  });

  it('is what src/redis.ts (fareway/redis) brings in', () => {
    const files = new Set<string>();
    const packages = staticImports(resolve(src, 'redis.ts'), files);
    const reached = [...files].map((f) => f.slice(src.length));
    expect(reached).toContain('redis/shared-tokens.ts');
    expect([...packages]).not.toContain('ioredis');
  });
});
