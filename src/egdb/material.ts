/**
 * Material signatures: how many men and kings each side has. A database table holds the
 * positions of one signature with the side to move as "White"; a position with Black to
 * move is looked up through the colour swap (symmetry.ts) in the signature with the two
 * sides exchanged.
 */

/** Men and kings of the side to move, then of its opponent. */
export interface Material {
  readonly moverMen: number;
  readonly moverKings: number;
  readonly otherMen: number;
  readonly otherKings: number;
}

/** The most pieces a database covers (indices and counters are sized for it). */
export const MAX_DATABASE_PIECES = 6;

/** A small integer naming a signature: four 4-bit counts. */
export function materialKey(
  moverMen: number,
  moverKings: number,
  otherMen: number,
  otherKings: number,
): number {
  return moverMen | (moverKings << 4) | (otherMen << 8) | (otherKings << 12);
}

export function keyOf(material: Material): number {
  return materialKey(
    material.moverMen,
    material.moverKings,
    material.otherMen,
    material.otherKings,
  );
}

export function materialOfKey(key: number): Material {
  return {
    moverMen: key & 15,
    moverKings: (key >> 4) & 15,
    otherMen: (key >> 8) & 15,
    otherKings: (key >> 12) & 15,
  };
}

/** The signature with the two sides exchanged (the other side to move). */
export function swapped(material: Material): Material {
  return {
    moverMen: material.otherMen,
    moverKings: material.otherKings,
    otherMen: material.moverMen,
    otherKings: material.moverKings,
  };
}

export function pieceCount(material: Material): number {
  return material.moverMen + material.moverKings + material.otherMen + material.otherKings;
}

/** A signature as text, kings first: `KMvK` is a king and a man (to move) against a king. */
export function materialName(material: Material): string {
  const side = (men: number, kings: number) => 'K'.repeat(kings) + 'M'.repeat(men);
  return `${side(material.moverMen, material.moverKings)}v${side(material.otherMen, material.otherKings)}`;
}

/** Reads a signature name such as `KMvK`; undefined when it is not one. */
export function parseMaterialName(text: string): Material | undefined {
  const match = /^(K*)(M*)v(K*)(M*)$/.exec(text);
  if (!match) return undefined;
  const material = {
    moverKings: match[1].length,
    moverMen: match[2].length,
    otherKings: match[3].length,
    otherMen: match[4].length,
  };
  const sides = [material.moverKings + material.moverMen, material.otherKings + material.otherMen];
  if (sides[0] === 0 || sides[1] === 0 || pieceCount(material) > MAX_DATABASE_PIECES)
    return undefined;
  return material;
}

/**
 * The groups of signatures a build of up to `pieces` pieces solves, in an order where every
 * group needs only the groups before it: fewer pieces first (captures remove pieces), then
 * fewer men (a crowning turns a man into a king). The signatures of one group do not depend
 * on each other except through the colour swap, so each group's units can be built at once.
 * A unit is a signature and its swap, solved together (quiet moves go from one to the other).
 */
export function buildPlan(pieces: number): Material[][][] {
  const groups = new Map<number, Material[][]>();
  const seen = new Set<number>();
  for (let total = 2; total <= pieces; total++) {
    for (let mover = 1; mover < total; mover++) {
      const other = total - mover;
      for (let moverMen = 0; moverMen <= mover; moverMen++) {
        for (let otherMen = 0; otherMen <= other; otherMen++) {
          const material = { moverMen, moverKings: mover - moverMen, otherMen, otherKings: other - otherMen }; // prettier-ignore
          const key = keyOf(material);
          if (seen.has(key)) continue;
          const swap = swapped(material);
          seen.add(key);
          seen.add(keyOf(swap));
          const unit = keyOf(swap) === key ? [material] : [material, swap];
          const order = total * 64 + moverMen + otherMen;
          const group = groups.get(order) ?? [];
          group.push(unit);
          groups.set(order, group);
        }
      }
    }
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map((entry) => entry[1]);
}

/**
 * Whether a game of material `from` can come to material `to` (another signature) through
 * captures and crownings: neither side gains a piece, nor a man (a king never turns back
 * into one), and both still have a piece. Either side may be to move in `to`.
 */
export function leadsTo(from: Material, to: Material): boolean {
  if (keyOf(from) === keyOf(to)) return false;
  const within = (men: number, pieces: number, ownMen: number, ownPieces: number) =>
    pieces >= 1 && men <= ownMen && pieces <= ownPieces;
  const fromMover = from.moverMen + from.moverKings;
  const fromOther = from.otherMen + from.otherKings;
  const sides = (m: number, mp: number, o: number, op: number) =>
    within(m, mp, from.moverMen, fromMover) && within(o, op, from.otherMen, fromOther);
  const toMover = to.moverMen + to.moverKings;
  const toOther = to.otherMen + to.otherKings;
  return (
    sides(to.moverMen, toMover, to.otherMen, toOther) ||
    sides(to.otherMen, toOther, to.moverMen, toMover)
  );
}

/**
 * The units of `plan` that solving `unit` reads (every unit its positions can reach by
 * captures and crownings, all earlier in the plan), in plan order.
 */
export function unitsNeeded(
  plan: readonly Material[][][],
  unit: readonly Material[],
): Material[][] {
  const own = new Set(unit.map(keyOf));
  return plan
    .flat()
    .filter(
      (other) =>
        !other.some((material) => own.has(keyOf(material))) &&
        other.some((material) => unit.some((member) => leadsTo(member, material))),
    );
}

/**
 * The unit of a signature inside a build of its own piece count, and every unit it needs:
 * what `tama egdb build --unit` solves, in plan order. Undefined for a signature no plan holds.
 */
export function unitWithNeeds(material: Material): Material[][] | undefined {
  const plan = buildPlan(pieceCount(material));
  const unit = plan.flat().find((u) => u.some((m) => keyOf(m) === keyOf(material)));
  if (unit === undefined) return undefined;
  return [...unitsNeeded(plan, unit), unit];
}
