import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseExpiresAt, todayLocal } from '../src/dates.js';
import { Deadline, validatePassengers, type PassengerContext } from '../src/index.js';
import { oneWaySearch } from './fixtures/wire.js';
import { client, mockService } from './helpers/mock-service.js';
import { infant, lead, passport } from './validation/fixtures.js';

/**
 * The local-time paths under zones other than the machine's. Each zone runs this same file in its
 * own vitest child with TZ set before Node starts (certain, unlike changing process.env.TZ inside
 * a pool worker that may be shared). The parent only starts the children and reads their verdict.
 */
const ZONE = process.env['FAREWAY_TEST_TZ'];

/** Local midnight of 2026-12-01 as a UTC instant, and the wall times each zone expects. */
const EXPECT = {
  'Asia/Kolkata': {
    midnight: '2026-11-30T18:30:00.000Z',
    // new Date('2099-12-01T04:00:00Z') on the wall
    departure: '2099-12-01T09:30:00',
    // '2026-12-01T10:00:00' read as local time
    localExpiry: '2026-12-01T04:30:00.000Z',
  },
  'America/New_York': {
    midnight: '2026-12-01T05:00:00.000Z',
    departure: '2099-11-30T23:00:00',
    localExpiry: '2026-12-01T15:00:00.000Z',
  },
  // Chile moves its clocks at midnight (2024-09-08 started at 01:00): ages must not slip a day.
  'America/Santiago': {
    midnight: '2026-12-01T03:00:00.000Z',
    departure: '2099-12-01T01:00:00',
    localExpiry: '2026-12-01T13:00:00.000Z',
  },
} as const;
type Zone = keyof typeof EXPECT;
const ZONES = Object.keys(EXPECT) as Zone[];

if (!ZONE) {
  describe('dates in non-UTC process zones', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const self = fileURLToPath(import.meta.url);
    const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
    const runs = new Map<Zone, Promise<{ code: number | null; output: string }>>();

    beforeAll(() => {
      // The children run side by side; each reports on its own console only (no JSON report, so
      // CI counts these tests once, here).
      for (const tz of ZONES) {
        runs.set(
          tz,
          new Promise((resolve) => {
            const child = spawn(
              process.execPath,
              [vitest, 'run', self, '--project', 'unit', '--reporter', 'default'],
              {
                cwd: root,
                env: { ...process.env, TZ: tz, FAREWAY_TEST_TZ: tz, NO_COLOR: '1', FORCE_COLOR: '0' },
                stdio: ['ignore', 'pipe', 'pipe'],
              },
            );
            let output = '';
            child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.on('close', (code) => resolve({ code, output }));
          }),
        );
      }
    });

    it.each(ZONES)(
      'every local-time case holds under TZ=%s',
      async (tz) => {
        const { code, output } = await runs.get(tz)!;
        expect(code, output).toBe(0);
        expect(output).toMatch(/Tests\s+\d+ passed/);
        expect(output).not.toMatch(/skipped|todo|failed/);
      },
      180_000,
    );
  });
} else {
  const zone = ZONE as Zone;
  const want = EXPECT[zone];
  const svc = mockService();

  afterEach(() => {
    vi.useRealTimers();
  });

  describe(`under TZ=${zone}`, () => {
    it('runs in that zone (local midnight falls at the expected instant)', () => {
      const midnight = new Date(want.midnight);
      expect([midnight.getHours(), midnight.getMinutes(), midnight.getTimezoneOffset() !== 0]).toEqual([
        0,
        0,
        true,
      ]);
    });

    it('sends a Date for preferred_departure_time as its local wall time', async () => {
      svc.reply('post', '/v1/flights/search/', oneWaySearch());
      await client().flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: new Date('2099-12-01T04:00:00Z'),
        adult_count: 1,
      });
      expect((svc.calls[0]!.body as Record<string, unknown>)['preferred_departure_time']).toBe(
        want.departure,
      );
    });

    it('turns today at local midnight, and a search for yesterday is refused from then on', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const midnight = new Date(want.midnight).getTime();
      const yesterday = {
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: '2026-11-30',
        adult_count: 1,
      };

      vi.setSystemTime(midnight - 1);
      expect(todayLocal()).toBe('2026-11-30');
      svc.reply('post', '/v1/flights/search/', oneWaySearch());
      await client().flights.search(yesterday);
      expect(svc.calls).toHaveLength(1);

      vi.setSystemTime(midnight);
      expect(todayLocal()).toBe('2026-12-01');
      await expect(client().flights.search(yesterday)).rejects.toThrow(
        'preferred_departure_time: is in the past (2026-11-30; today is 2026-12-01, local time)',
      );
      expect(svc.calls).toHaveLength(1);
    });

    it('reads a zone-less expires_at as UTC by default and as local wall time with expiresAtZone: local', () => {
      expect(parseExpiresAt('2026-12-01T10:00:00')?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
      expect(parseExpiresAt('2026-12-01T10:00:00', 'local')?.toISOString()).toBe(want.localExpiry);
      expect(parseExpiresAt('2026-12-01', 'local')?.toISOString()).toBe(want.midnight);
      expect(parseExpiresAt('2026-12-01T10:00:00+05:30', 'local')?.toISOString()).toBe(
        '2026-12-01T04:30:00.000Z',
      );
      const lock = (expiresAtZone: 'utc' | 'local') =>
        Deadline.fromResponse(
          { expires_at: '2026-12-01T10:00:00' },
          { kind: 'lock', expiresAtZone },
        ).expiresAt.toISOString();
      expect(lock('utc')).toBe('2026-12-01T10:00:00.000Z');
      expect(lock('local')).toBe(want.localExpiry);
    });

    const domestic = (travel: string): PassengerContext => ({
      supplier: 'supplier_b',
      is_domestic: true,
      passport_required: false,
      pax_count: { adult: 1, child: 0, infant: 1 },
      firstTravelDate: travel,
      lastTravelDate: travel,
      today: '2026-01-10',
    });
    const dobIssues = (dob: string, travel: string) =>
      validatePassengers([lead(), infant({ dob })], domestic(travel)).issues.map(
        (i) => `${i.path}: ${i.message}`,
      );

    it('counts an infant born on 29 February as 2 from 1 March', () => {
      expect(dobIssues('2024-02-29', '2026-02-28')).toEqual([]);
      expect(dobIssues('2024-02-29', '2026-03-01')).toEqual([
        'passengers[1].dob: an infant must be under 2 on the travel date 2026-03-01 (age 2); use pax_type child or adult',
      ]);
    });

    it('counts a birthday on a day whose midnight a DST change skipped', () => {
      expect(dobIssues('2024-09-08', '2026-09-07')).toEqual([]);
      expect(dobIssues('2024-09-08', '2026-09-08')).toEqual([
        'passengers[1].dob: an infant must be under 2 on the travel date 2026-09-08 (age 2); use pax_type child or adult',
      ]);
    });

    it('warns when a passport expires less than 6 months after the last travel date, clamped at month end', () => {
      const warnings = (expiry: string) =>
        validatePassengers(
          [lead({ ...passport('Z1234567', expiry) }), infant({ ...passport('Z7654321', '2031-01-31') })],
          {
            ...domestic('2026-08-31'),
            is_domestic: false,
            passport_required: true,
            firstTravelDate: '2026-08-20',
          },
        ).warnings.filter((w) => w.includes('passport_expiry'));
      // 2026-08-31 + 6 months = 2027-02-28
      expect(warnings('2027-02-27')).toEqual([
        'passengers[0].passport_expiry is less than 6 months after the last travel date 2026-08-31; many countries refuse entry',
      ]);
      expect(warnings('2027-02-28')).toEqual([]);
    });
  });
}
