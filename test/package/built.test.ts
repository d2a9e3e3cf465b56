/**
 * The BUILT package as consumers load it (`npm run build` first): both entries, both builds.
 * The probe runs in a plain Node child process so nothing here is transformed by vitest.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

interface Report {
  exports: Record<string, { declared: string[]; runtime: string[] }>;
  classNames: Record<string, Record<string, string>>;
  crossBuild: Record<string, boolean | string>;
  json: { text: string; parsed: Record<string, unknown>; secret: string };
  codes: Record<'esm' | 'cjs' | 'minified', Record<string, string>>;
}

let report: Report;
beforeAll(() => {
  const probe = fileURLToPath(new URL('./probe.mjs', import.meta.url));
  report = JSON.parse(
    execFileSync(process.execPath, [probe], { encoding: 'utf8', timeout: 120_000 }),
  ) as Report;
}, 150_000);

describe('declared exports exist at run time', () => {
  const entries = ['root', 'sandbox', 'redis', 'proxy', 'http', 'health'];
  for (const key of ['esm', 'cjs'].flatMap((build) => entries.map((entry) => `${build}:${entry}`))) {
    it(`${key}: every value the .d.ts declares is exported, and nothing undeclared is`, () => {
      const { declared, runtime } = report.exports[key] as { declared: string[]; runtime: string[] };
      // fareway/redis and fareway/proxy export nothing: importing one registers its half (a side effect).
      if (!/:(redis|proxy)$/.test(key)) expect(declared.length).toBeGreaterThan(0);
      expect(declared.filter((name) => !runtime.includes(name))).toEqual([]); // phantom exports
      expect(runtime.filter((name) => !declared.includes(name))).toEqual([]); // untyped exports
    });
  }
});

describe('class names survive the build', () => {
  it('every exported class is named as it is exported (no _FareExpiredError), also after an app minifies the ESM build', () => {
    expect(report.classNames).toEqual({ esm: {}, cjs: {}, minified: {} });
    expect(report.crossBuild.name).toBe('FareExpiredError');
    expect(report.crossBuild.stackHead).toMatch(/^FareExpiredError: 409/);
  });
});

describe('error codes survive the build', () => {
  it('every exported error class has its own code, the same in the ESM, CJS and minified builds', () => {
    const { esm, cjs, minified } = report.codes;
    const classes = Object.keys(esm).filter((k) => !k.startsWith('instance:'));
    expect(classes.length).toBeGreaterThanOrEqual(20);
    expect(new Set(classes.map((k) => esm[k])).size).toBe(classes.length);
    expect(esm.RateLimitError).toBe('rate_limited');
    expect(esm['instance:NotFoundError']).toBe('not_found');
    expect(esm['instance:ClientClosedError']).toBe(
      'https://github.com/fareway-dev/fareway/blob/main/docs/errors-and-retries.md#client_closed',
    );
    expect(cjs).toEqual(esm);
    expect(minified).toEqual(esm);
  });
});

describe('instanceof across the ESM and CJS builds', () => {
  it('an error from one build is an instance of the other build’s class and its ancestors', () => {
    expect(report.crossBuild).toMatchObject({
      cjsIsEsmFareExpired: true,
      cjsIsEsmAPIError: true,
      cjsIsEsmFarewayError: true,
      cjsIsError: true,
      esmIsCjsNotFound: true,
      minifiedIsEsmFareExpired: true,
      esmIsMinifiedAPIError: true,
    });
  });

  it('is not an instance of a sibling class, and foreign objects are not Fareway errors', () => {
    expect(report.crossBuild).toMatchObject({
      cjsIsEsmNotFound: false,
      esmIsCjsFareExpired: false,
      plainErrorIsFarewayError: false,
      plainObjectIsFarewayError: false,
    });
  });
});

describe('JSON.stringify(error)', () => {
  it('keeps name, message, code, docUrl, status, requestId, details, context and cause', () => {
    expect(report.json.parsed).toMatchObject({
      name: 'AuthenticationError',
      code: 'authentication_failed',
      docUrl:
        'https://github.com/fareway-dev/fareway/blob/main/docs/errors-and-retries.md#authentication_failed',
      message: expect.stringContaining('Invalid API key.'),
      status: 401,
      requestId: 'req_2',
      details: ['Invalid API key.'],
      context: { booking_id: 'b1' },
      cause: { name: 'Error', message: 'underlying' },
    });
  });

  it('never contains the key, authorization or cookies', () => {
    expect(report.json.text).not.toContain(report.json.secret);
    expect(report.json.text.toLowerCase()).not.toContain('authorization');
    expect(report.json.parsed.headers).toEqual({ 'x-request-id': 'req_2' });
  });
});

describe('the packed package.json', () => {
  it('has no lifecycle script (npm 11 flags them on install) and ships every file its entries name', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
      encoding: 'utf8',
    });
    const [packed] = JSON.parse(out) as Array<{ files: Array<{ path: string }> }>;
    const files = new Set(packed!.files.map((f) => f.path));
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
      bin: Record<string, string>;
      engines: { node: string };
    };
    const lifecycle =
      /^(pre|post)?(install|prepare|pack|publish|publishOnly|uninstall|version)$|^prepublishOnly$/;
    expect(Object.keys(manifest.scripts).filter((name) => lifecycle.test(name))).toEqual([]);
    for (const target of Object.values(manifest.bin))
      expect(files.has(target.replace(/^\.\//, ''))).toBe(true);
    expect(manifest.engines.node).toBe('>=22.12.0');
  });
});
