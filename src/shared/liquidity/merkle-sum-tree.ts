/**
 * The coverage page's Merkle sum tree (issue 27 section 2, decision 1943). Every note's
 * outstanding amount is split into NOTE_PARTS random parts; each part is a leaf committed as
 * SHA-256 over the note id, the part number, the amount in cents and a random salt, and the
 * leaves sit at shuffled positions. A node commits to both children's hashes and sums, so the
 * root's sum is the published total and no leaf can be left out or changed without changing the
 * root. A proof gives the holder their own leaves (with salts) and, for each, the sibling hashes
 * and sums up the path; a sibling leaf is one random part of an unknown note, so no other
 * investor's amount can be read from it.
 *
 * Pure and synchronous: the server's job, the API's proofs, the tests and the browser's verifier
 * all use these functions (the hash function is passed in so the server can use node:crypto).
 */
import { parseMoneyToCents } from '../money/decimal-string';
import { sha256Hex } from './sha256';

/** Parts each note is split into. */
export const NOTE_PARTS = 2;
/** Leaves per stored block: nodes below this level are rebuilt from the leaves when a proof is asked for. */
export const BLOCK_LEVEL = 8;
export const BLOCK_SIZE = 1 << BLOCK_LEVEL;

export type HashText = (text: string) => string;

export interface TreeNode {
  hash: string;
  cents: bigint;
}

export interface LeafInput {
  investmentId: string;
  part: number;
  cents: bigint;
  salt: string;
}

export function leafHash(leaf: LeafInput, hash: HashText = sha256Hex): string {
  return hash(`steadyline-leaf|${leaf.investmentId}|${leaf.part}|${leaf.cents}|${leaf.salt}`);
}

export function nodeHash(left: TreeNode, right: TreeNode, hash: HashText = sha256Hex): string {
  return hash(`steadyline-node|${left.hash}|${left.cents}|${right.hash}|${right.cents}`);
}

/** What an odd node at the end of a level is paired with. */
export const EMPTY_NODE: TreeNode = {
  hash: sha256Hex('steadyline-empty'),
  cents: 0n,
};

export function parentOf(left: TreeNode, right: TreeNode, hash: HashText = sha256Hex): TreeNode {
  return { hash: nodeHash(left, right, hash), cents: left.cents + right.cents };
}

/** The level above: pairs in order, the odd last one with the empty node. */
export function levelAbove(level: readonly TreeNode[], hash: HashText = sha256Hex): TreeNode[] {
  const above: TreeNode[] = [];
  for (let index = 0; index < level.length; index += 2) {
    above.push(parentOf(level[index] as TreeNode, level[index + 1] ?? EMPTY_NODE, hash));
  }
  return above;
}

/**
 * Every level from the leaves (level 0) to the root: at least BLOCK_LEVEL levels above the
 * leaves (an unpaired node is paired with the empty node), then on until one node is left. A
 * block of BLOCK_SIZE leaves therefore has the same nodes whether the tree is built whole or
 * block by block, which is how a proof is made without keeping the lower levels.
 */
export function buildLevels(leaves: readonly TreeNode[], hash: HashText = sha256Hex): TreeNode[][] {
  const levels: TreeNode[][] = [leaves.length === 0 ? [EMPTY_NODE] : [...leaves]];
  while (levels.length <= BLOCK_LEVEL || (levels.at(-1) as TreeNode[]).length > 1) {
    levels.push(levelAbove(levels.at(-1) as TreeNode[], hash));
  }
  return levels;
}

/** A block's levels 0..BLOCK_LEVEL (its root is the block's node at BLOCK_LEVEL). */
export function blockLevels(leaves: readonly TreeNode[], hash: HashText = sha256Hex): TreeNode[][] {
  const levels: TreeNode[][] = [[...leaves]];
  while (levels.length <= BLOCK_LEVEL) levels.push(levelAbove(levels.at(-1) as TreeNode[], hash));
  return levels;
}

/** One step up a path: the sibling's hash and sum (as a decimal string of cents) and its side. */
export interface ProofStep {
  side: 'left' | 'right';
  hash: string;
  cents: string;
}

export interface LeafProof {
  investment_id: string;
  part: number;
  position: number;
  cents: string;
  salt: string;
  path: ProofStep[];
}

/** The path from `position` to the root, read from the levels. */
export function pathOf(levels: readonly TreeNode[][], position: number): ProofStep[] {
  const path: ProofStep[] = [];
  let index = position;
  for (let level = 0; level < levels.length - 1; level += 1) {
    const nodes = levels[level] as TreeNode[];
    const siblingIndex = index ^ 1;
    const sibling = nodes[siblingIndex] ?? EMPTY_NODE;
    path.push({
      side: siblingIndex < index ? 'left' : 'right',
      hash: sibling.hash,
      cents: sibling.cents.toString(),
    });
    index >>= 1;
  }
  return path;
}

export interface PublishedDigest {
  root_hash: string;
  total_cents: string;
}

export interface VerifyResult {
  valid: boolean;
  /** The root the proof leads to, whatever the outcome. */
  computedRoot: TreeNode;
}

const digits = /^\d{1,18}$/;

/** Whether one leaf's path leads to the published root hash and total. */
export function verifyLeafProof(
  proof: LeafProof,
  digest: PublishedDigest,
  hash: HashText = sha256Hex,
): VerifyResult {
  if (!digits.test(proof.cents) || !digits.test(digest.total_cents)) {
    return { valid: false, computedRoot: EMPTY_NODE };
  }
  let node: TreeNode = {
    hash: leafHash(
      { investmentId: proof.investment_id, part: proof.part, cents: BigInt(proof.cents), salt: proof.salt },
      hash,
    ),
    cents: BigInt(proof.cents),
  };
  for (const step of proof.path) {
    if (!digits.test(step.cents)) return { valid: false, computedRoot: node };
    const sibling: TreeNode = { hash: step.hash, cents: BigInt(step.cents) };
    node = step.side === 'left' ? parentOf(sibling, node, hash) : parentOf(node, sibling, hash);
  }
  return {
    valid: node.hash === digest.root_hash && node.cents.toString() === digest.total_cents,
    computedRoot: node,
  };
}

export interface NoteProof {
  investment_id: string;
  /** The note's outstanding amount at the snapshot, two places. */
  amount: string;
  leaves: LeafProof[];
}

/** A note is counted when every part verifies and the parts add up to its amount. */
export function verifyNoteProof(
  note: NoteProof,
  digest: PublishedDigest,
  hash: HashText = sha256Hex,
): boolean {
  if (note.leaves.length === 0) return false;
  const amountCents = parseMoneyToCents(note.amount);
  if (amountCents === null) return false;
  let sum = 0n;
  for (const leaf of note.leaves) {
    if (leaf.investment_id !== note.investment_id) return false;
    if (!verifyLeafProof(leaf, digest, hash).valid) return false;
    sum += BigInt(leaf.cents);
  }
  return sum === amountCents;
}
