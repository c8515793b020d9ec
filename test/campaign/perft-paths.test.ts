/** How a perft campaign cuts the tree: every subtree once, mirror images side by side. */
import { describe, expect, it } from 'vitest';
import { pairMirrorPaths, subtreePaths } from '../../src/campaign/manage.js';
import { subtreeRoot } from '../../src/campaign/perft-job.js';
import { perft } from '../../src/core/perft.js';
import { Position } from '../../src/core/position.js';
import { position } from '../helpers.js';

/** Position text with the files reversed (a <-> h). */
const mirrorText = (text: string) =>
  text.replace(/[a-h]/g, (file) => 'hgfedcba'['abcdefgh'.indexOf(file)]);

describe('pairMirrorPaths', () => {
  it.each(['armenian', 'turkish'] as const)(
    '%s start: each subtree next to its mirror image',
    (variant) => {
      const start = Position.start(variant);
      const paths = subtreePaths(start, 2);
      const paired = pairMirrorPaths(paths);
      expect([...paired].sort()).toEqual([...paths].sort());
      const settings = { fen: start.toString(), variant, depth: 4, split: 2, subtrees: paths.length, subtreesPerJob: 8 }; // prettier-ignore
      // The start is symmetric and no move is its own mirror image: the paths pair up.
      for (let i = 0; i < paired.length; i += 2) {
        const first = subtreeRoot(settings, paired[i]).toString();
        const second = subtreeRoot(settings, paired[i + 1]).toString();
        expect(second).toBe(position(mirrorText(first), variant).toString());
      }
      const total = paired.reduce((sum, path) => sum + perft(subtreeRoot(settings, path), 2), 0);
      expect(total).toBe(perft(start, 4));
    },
  );

  it('keeps a path without a mirror image where it was', () => {
    const fen = 'W:Wa3,c3:Bf6';
    const paths = subtreePaths(position(fen), 1);
    expect(pairMirrorPaths(paths)).toEqual(paths);
  });
});
