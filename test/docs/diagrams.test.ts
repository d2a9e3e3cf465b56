/**
 * The Mermaid diagrams of docs/bookings.md cannot drift from the code: the state diagram's states
 * are exactly the SDK's status list (BOOKING_STATUSES), and the flowchart's steps (nodes of class
 * `step`) are exactly the steps `bookFlight` runs, in order — read from a real run against the
 * sandbox (the keys of its `steps`, and the service calls it made).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Fareway } from '../../src/index.js';
import { createSandbox } from '../../src/sandbox/index.js';
import { BOOKING_STATUSES } from '../../src/schemas/plain/vocabulary.js';
import { inDays, passengersFor } from '../helpers/sandbox.js';

const doc = readFileSync(fileURLToPath(new URL('../../docs/bookings.md', import.meta.url)), 'utf8');

/** Every ```mermaid block of the doc. */
function mermaidBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```mermaid\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
}

/** The states of a stateDiagram-v2: every name in a transition or on a line of its own ([*] aside). */
export function statesOf(diagram: string): string[] {
  const states = new Set<string>();
  for (const raw of diagram.split('\n').slice(1)) {
    const line = raw.trim();
    if (!line || line.startsWith('%%') || line.startsWith('direction') || line.startsWith('note ')) continue;
    const transition = /^(\S+)\s*-->\s*([^\s:]+)/.exec(line);
    const names = transition ? [transition[1], transition[2]] : [/^(?:state\s+)?(\w+)\s*$/.exec(line)?.[1]];
    for (const name of names) {
      if (name === undefined) throw new Error(`unparsed line of the state diagram: ${line}`);
      if (name !== '[*]') states.add(name);
    }
  }
  return [...states];
}

/** The step nodes of a flowchart (`id["…"]:::step`), in the order they are defined. */
export function stepsOf(diagram: string): string[] {
  return [...diagram.matchAll(/\b(\w+)\[[^\]]*\]:::step\b/g)].map((m) => m[1] as string);
}

const blocks = mermaidBlocks(doc);
const stateDiagram = blocks.find((b) => b.startsWith('stateDiagram-v2'));
const flowchart = blocks.find((b) => b.startsWith('flowchart'));

/** The service endpoint each step of bookFlight calls (the book's fare check reads first). */
const STEP_ENDPOINT: Record<string, string> = {
  created: 'createBooking',
  passengers: 'savePassengers',
  repriced: 'reprice',
  booked: 'book',
};

describe('docs/bookings.md diagrams', () => {
  it('the state diagram has exactly the booking statuses of the code', () => {
    expect(stateDiagram).toBeDefined();
    expect(statesOf(stateDiagram as string).sort()).toEqual([...BOOKING_STATUSES].sort());
  });

  it('the flowchart has exactly the steps bookFlight runs, in their order', async () => {
    expect(flowchart).toBeDefined();
    const sandbox = createSandbox({ seed: 5 });
    const fareway = new Fareway({
      apiKey: sandbox.apiKey,
      baseUrl: 'https://sandbox.test',
      fetch: sandbox.fetch,
      logger: null,
      rateLimits: false,
    });
    try {
      const results = await fareway.flights.search({
        origin: 'DEL',
        destination: 'BOM',
        preferred_departure_time: inDays(30),
      });
      const out = results.outbound[0];
      if (!out) throw new Error('the sandbox found no flight');
      sandbox.control.clearRequests();
      const { steps } = await fareway.bookFlight({
        selection: results.select(out),
        passengers: passengersFor(results),
      });
      const diagramSteps = stepsOf(flowchart as string);
      expect(diagramSteps).toEqual(Object.keys(steps));
      const called = sandbox.control
        .requests()
        .map((r) => r.endpoint)
        .filter((e) => e !== null && Object.values(STEP_ENDPOINT).includes(e));
      expect(called).toEqual(diagramSteps.map((s) => STEP_ENDPOINT[s]));
    } finally {
      await fareway.close();
    }
  });

  it('the parsers see a removed state and a removed step (the check can fail)', () => {
    const fewer = (stateDiagram as string).replace(/^.*\bcancelled\b.*$/gm, '');
    expect(statesOf(fewer)).not.toContain('cancelled');
    expect(statesOf(fewer).sort()).not.toEqual([...BOOKING_STATUSES].sort());
    const noReprice = (flowchart as string).replace(/(repriced\[[^\]]*\]):::step/, '$1');
    expect(stepsOf(noReprice)).toEqual(['created', 'passengers', 'booked']);
  });
});
