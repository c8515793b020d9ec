import { describe, expect, it } from 'vitest';
import { Position } from '../../src/core/position.js';
import {
  generateOpenings,
  generatorCommand,
  looksBalanced,
  openingsHeader,
  type OpeningsGeneratorSettings,
} from '../../src/match/make-openings.js';
import { openingGame, parseOpenings } from '../../src/match/openings.js';
import { fakeEngine } from './helpers.js';
import { requireBuild, position } from '../helpers.js';

const settings: OpeningsGeneratorSettings = {
  variant: 'armenian',
  count: 30,
  minPlies: 6,
  maxPlies: 8,
  seed: 5,
  mobilityGap: 4,
  format: 'fen',
};

describe('looksBalanced', () => {
  it('accepts the start and refuses pending captures, unequal material and kings', () => {
    expect(looksBalanced(Position.start(), settings)).toBe(true);
    expect(looksBalanced(position('W:Wd4,a2:Bd5,h7'), settings)).toBe(false);
    expect(looksBalanced(position('W:Wa2,b2:Bh7'), settings)).toBe(false);
    expect(looksBalanced(position('W:Wa2,Kb1:Bh7,Kg8'), settings)).toBe(false);
  });
});

describe('generateOpenings', () => {
  it('gives the same distinct, balanced, loadable lines for the same seed', async () => {
    const first = await generateOpenings(settings);
    const again = await generateOpenings(settings);
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(first.value.lines).toEqual(again.value.lines);
    expect(new Set(first.value.lines).size).toBe(30);
    const text = [...openingsHeader(settings, 'x.txt'), ...first.value.lines].join('\n');
    const parsed = parseOpenings(text, 'armenian');
    expect(parsed.ok && parsed.value.length).toBe(30);
    if (parsed.ok) {
      for (const opening of parsed.value) {
        expect(looksBalanced(openingGame(opening, 'armenian').position, settings)).toBe(true);
      }
    }
  });

  it('writes moves from the start in the moves format', async () => {
    const generated = await generateOpenings({ ...settings, count: 5, format: 'moves' });
    expect(generated.ok).toBe(true);
    if (!generated.ok) return;
    const parsed = parseOpenings(generated.value.lines.join('\n'), 'armenian');
    expect(parsed.ok && parsed.value.every((o) => o.fen === undefined && o.moves.length >= 6)).toBe(
      true,
    );
  });

  it('records a command line that names every setting', () => {
    expect(generatorCommand(settings, 'out.txt')).toBe(
      'tama match-openings --variant armenian --count 30 --min-plies 6 --max-plies 8 --seed 5 --mobility-gap 4 --format fen --out out.txt',
    );
  });

  it('can also ask an engine for a score near 0', async () => {
    requireBuild();
    const engine = fakeEngine('random-mover', ['--score', '0']);
    const generated = await generateOpenings({
      ...settings,
      count: 3,
      engine: {
        command: engine.command,
        commandText: 'fake',
        depth: 1,
        marginCp: 10,
        stallMs: 10_000,
      },
    });
    expect(generated.ok && generated.value.lines.length).toBe(3);
    const refused = await generateOpenings({
      ...settings,
      count: 1,
      maxAttempts: 40,
      engine: {
        command: fakeEngine('random-mover', ['--score', '500']).command,
        commandText: 'fake',
        depth: 1,
        marginCp: 10,
        stallMs: 10_000,
      },
    });
    expect(!refused.ok && refused.error.code).toBe('exhausted');
  }, 60_000);
});
