/**
 * The coverage proof (decision 1943): a proof built from the tree verifies against the published
 * digest, fails for a changed amount, part, salt or sibling, and the pure SHA-256 the browser
 * uses equals node:crypto's.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BLOCK_SIZE,
  buildLevels,
  type LeafProof,
  leafHash,
  type NoteProof,
  pathOf,
  verifyLeafProof,
  verifyNoteProof,
} from './merkle-sum-tree';
import { sha256Hex } from './sha256';

const nodeHash = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sha256Hex', () => {
  it('equals node:crypto for empty, short, multi-block and non-ASCII input', () => {
    for (const text of ['', 'abc', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(200), 'Crédit €1 – ünïcode']) {
      expect(sha256Hex(text)).toBe(nodeHash(text));
    }
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

function tree(count: number) {
  const leaves = Array.from({ length: count }, (_unused, index) => ({
    investmentId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    part: index % 2,
    cents: BigInt(1000 + index * 37),
    salt: `salt${index}`,
  }));
  const nodes = leaves.map((leaf) => ({ hash: leafHash(leaf), cents: leaf.cents }));
  const levels = buildLevels(nodes);
  const root = levels.at(-1)![0]!;
  const proofOf = (position: number): LeafProof => {
    const leaf = leaves[position]!;
    return {
      investment_id: leaf.investmentId,
      part: leaf.part,
      position,
      cents: leaf.cents.toString(),
      salt: leaf.salt,
      path: pathOf(levels, position),
    };
  };
  return { leaves, root, proofOf, digest: { root_hash: root.hash, total_cents: root.cents.toString() } };
}

describe('verifyLeafProof', () => {
  it('verifies every leaf of trees of one, an odd number, and more than a block of leaves', () => {
    for (const count of [1, 7, BLOCK_SIZE + 3]) {
      const built = tree(count);
      expect(built.root.cents).toBe(built.leaves.reduce((sum, leaf) => sum + leaf.cents, 0n));
      for (const position of [0, Math.floor(count / 2), count - 1]) {
        expect(verifyLeafProof(built.proofOf(position), built.digest).valid).toBe(true);
      }
    }
  });

  it('fails when the amount, the salt, the part or a sibling sum is changed', () => {
    const built = tree(9);
    const proof = built.proofOf(4);
    expect(verifyLeafProof({ ...proof, cents: String(BigInt(proof.cents) + 1n) }, built.digest).valid).toBe(
      false,
    );
    expect(verifyLeafProof({ ...proof, salt: 'other' }, built.digest).valid).toBe(false);
    expect(verifyLeafProof({ ...proof, part: proof.part + 1 }, built.digest).valid).toBe(false);
    const [first, ...rest] = proof.path;
    expect(
      verifyLeafProof(
        { ...proof, path: [{ ...first!, cents: String(BigInt(first!.cents) - 1n) }, ...rest] },
        built.digest,
      ).valid,
    ).toBe(false);
    expect(
      verifyLeafProof(proof, { ...built.digest, total_cents: String(BigInt(built.digest.total_cents) + 1n) })
        .valid,
    ).toBe(false);
    expect(verifyLeafProof({ ...proof, cents: '-5' }, built.digest).valid).toBe(false);
  });
});

describe('verifyNoteProof', () => {
  it('counts a note when all its parts verify and add up to its amount, and not otherwise', () => {
    const built = tree(8);
    const parts = [built.proofOf(2), built.proofOf(3)].map((leaf) => ({
      ...leaf,
      investment_id: built.leaves[2]!.investmentId,
    }));
    // Leaves 2 and 3 carry different note ids in this tree, so only the first verifies as the note's.
    const note: NoteProof = {
      investment_id: built.leaves[2]!.investmentId,
      amount: '10.74',
      leaves: [built.proofOf(2)],
    };
    expect(verifyNoteProof(note, built.digest)).toBe(true);
    expect(verifyNoteProof({ ...note, amount: '10.75' }, built.digest)).toBe(false);
    expect(verifyNoteProof({ ...note, leaves: parts }, built.digest)).toBe(false);
    expect(verifyNoteProof({ ...note, leaves: [] }, built.digest)).toBe(false);
  });
});
