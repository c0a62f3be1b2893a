/**
 * Building and proving the coverage page's Merkle sum tree (decision 1943). The job splits every
 * note's outstanding amount into NOTE_PARTS random parts, salts each, shuffles the leaves with a
 * cryptographic permutation, hashes the tree with node:crypto (the shared pure functions define
 * it), keeps the leaves and the nodes from the block level up, and publishes the root. A proof
 * rebuilds the leaf's block from the stored leaves and reads the rest of the path.
 */
import { hash, randomFillSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  BLOCK_LEVEL,
  BLOCK_SIZE,
  blockLevels,
  EMPTY_NODE,
  type LeafProof,
  leafHash,
  levelAbove,
  NOTE_PARTS,
  type NoteProof,
  pathOf,
  type ProofStep,
  type TreeNode,
} from '../../../shared/liquidity/merkle-sum-tree';
import { centsToMoney } from '../../../shared/money/decimal-string';
import { type Executor, rowsOf } from '../../db/client';

export const nodeSha256 = (text: string): string => hash('sha256', text, 'hex');

export interface OutstandingNote {
  investmentId: string;
  investorId: string;
  cents: bigint;
}

export interface Leaf {
  investmentId: string;
  investorId: string;
  part: number;
  cents: bigint;
  salt: string;
}

/**
 * Each note's outstanding amount in NOTE_PARTS parts, uniformly at random (each part 0..amount):
 * a 53-bit random fraction of the amount, drawn from one buffer of crypto random bytes.
 */
export function splitNotes(notes: readonly OutstandingNote[]): Leaf[] {
  const leaves: Leaf[] = new Array(notes.length * NOTE_PARTS);
  const salts = Buffer.alloc(notes.length * NOTE_PARTS * 16);
  randomFillSync(salts);
  const draws = new Uint32Array(notes.length * (NOTE_PARTS - 1) * 2);
  for (let offset = 0; offset < draws.length; offset += 16_384) {
    randomFillSync(draws.subarray(offset, Math.min(draws.length, offset + 16_384)));
  }
  let leafIndex = 0;
  let drawIndex = 0;
  for (const note of notes) {
    let remaining = note.cents;
    for (let part = 0; part < NOTE_PARTS; part += 1) {
      let cents = remaining;
      if (part < NOTE_PARTS - 1) {
        const fraction =
          ((draws[drawIndex] as number) * 2 ** 21 + ((draws[drawIndex + 1] as number) >>> 11)) / 2 ** 53;
        drawIndex += 2;
        cents = BigInt(Math.floor(fraction * (Number(remaining) + 1)));
        if (cents > remaining) cents = remaining;
      }
      remaining -= cents;
      const salt = salts.toString('hex', leafIndex * 16, leafIndex * 16 + 16);
      leaves[leafIndex] = { investmentId: note.investmentId, investorId: note.investorId, part, cents, salt };
      leafIndex += 1;
    }
  }
  return leaves;
}

/** Fisher-Yates with crypto random words (the modulo bias of a 32-bit word over < 2^31 items is negligible). */
export function shuffle<T>(items: T[]): T[] {
  const words = new Uint32Array(items.length);
  for (let offset = 0; offset < words.length; offset += 16_384) {
    randomFillSync(words.subarray(offset, Math.min(words.length, offset + 16_384)));
  }
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = (words[index] as number) % (index + 1);
    const swap = items[index] as T;
    items[index] = items[other] as T;
    items[other] = swap;
  }
  return items;
}

export interface BuiltTree {
  leaves: Leaf[];
  /** Levels BLOCK_LEVEL.. up to the root (index 0 is BLOCK_LEVEL). */
  upper: TreeNode[][];
  root: TreeNode;
}

export function buildTree(leaves: Leaf[]): BuiltTree {
  const blockRoots: TreeNode[] = [];
  const total = Math.max(leaves.length, 1);
  for (let start = 0; start < total; start += BLOCK_SIZE) {
    const block = leaves.slice(start, start + BLOCK_SIZE).map((leaf) => ({
      hash: leafHash(leaf, nodeSha256),
      cents: leaf.cents,
    }));
    const levels = blockLevels(block.length === 0 ? [EMPTY_NODE] : block, nodeSha256);
    blockRoots.push((levels[BLOCK_LEVEL] as TreeNode[])[0] as TreeNode);
  }
  const upper: TreeNode[][] = [blockRoots];
  while ((upper.at(-1) as TreeNode[]).length > 1)
    upper.push(levelAbove(upper.at(-1) as TreeNode[], nodeSha256));
  return { leaves, upper, root: (upper.at(-1) as TreeNode[])[0] as TreeNode };
}

/** Notes that owe something: active or matured with a value above zero (the ledger check's kept value). */
export async function selectOutstandingNotes(db: Executor): Promise<OutstandingNote[]> {
  const result = await db.execute(sql`
    select id, investor_id,
           ((i.principal_amount + case when i.investment_type = 'high_yield' then i.interest_posted else i.interest_reinvested end
             - i.amount_withdrawn + i.amount_adjusted) * 100)::bigint::text as cents
    from investments i
    where i.status in ('active', 'matured')
      and i.principal_amount + case when i.investment_type = 'high_yield' then i.interest_posted else i.interest_reinvested end
          - i.amount_withdrawn + i.amount_adjusted > 0`);
  return rowsOf<{ id: string; investor_id: string; cents: string }>(result).map((row) => ({
    investmentId: row.id,
    investorId: row.investor_id,
    cents: BigInt(row.cents),
  }));
}

const INSERT_BATCH = 20_000;

/** Writes the tree of a snapshot and forgets the trees of every earlier one (their digests stay). */
export async function storeTree(db: Executor, snapshotId: string, tree: BuiltTree): Promise<void> {
  for (let start = 0; start < tree.leaves.length; start += INSERT_BATCH) {
    const batch = tree.leaves.slice(start, start + INSERT_BATCH);
    await db.execute(sql`
      insert into transparency_leaves (snapshot_id, position, investment_id, investor_id, part, amount, salt)
      select ${snapshotId}::uuid, p, n, v, pt, a, s
      from unnest(${`{${batch.map((_leaf, index) => start + index).join(',')}}`}::int[],
                  ${`{${batch.map((leaf) => leaf.investmentId).join(',')}}`}::uuid[],
                  ${`{${batch.map((leaf) => leaf.investorId).join(',')}}`}::uuid[],
                  ${`{${batch.map((leaf) => leaf.part).join(',')}}`}::int[],
                  ${`{${batch.map((leaf) => centsToMoney(leaf.cents)).join(',')}}`}::numeric[],
                  ${`{${batch.map((leaf) => leaf.salt).join(',')}}`}::text[]) as u(p, n, v, pt, a, s)`);
  }
  const nodes = tree.upper.flatMap((level, offset) =>
    level.map((node, position) => ({ level: BLOCK_LEVEL + offset, position, node })),
  );
  for (let start = 0; start < nodes.length; start += INSERT_BATCH) {
    const batch = nodes.slice(start, start + INSERT_BATCH);
    await db.execute(sql`
      insert into transparency_nodes (snapshot_id, level, position, hash, amount)
      select ${snapshotId}::uuid, l, p, h, a
      from unnest(${`{${batch.map((row) => row.level).join(',')}}`}::int[],
                  ${`{${batch.map((row) => row.position).join(',')}}`}::int[],
                  ${`{${batch.map((row) => row.node.hash).join(',')}}`}::text[],
                  ${`{${batch.map((row) => centsToMoney(row.node.cents)).join(',')}}`}::numeric[]) as u(l, p, h, a)`);
  }
  await db.execute(sql`delete from transparency_leaves where snapshot_id <> ${snapshotId}::uuid`);
  await db.execute(sql`delete from transparency_nodes where snapshot_id <> ${snapshotId}::uuid`);
}

interface StoredLeaf {
  position: number;
  investment_id: string;
  investor_id: string;
  part: number;
  amount: string;
  salt: string;
}

function leafCents(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
}

/** The proofs for one investor's notes in a snapshot: their leaves, each with its path to the root. */
export async function proveInvestorNotes(
  db: Executor,
  snapshotId: string,
  investorId: string,
): Promise<NoteProof[]> {
  const own = rowsOf<StoredLeaf>(
    await db.execute(sql`
      select position, investment_id, investor_id, part, amount::text as amount, salt
      from transparency_leaves where snapshot_id = ${snapshotId}::uuid and investor_id = ${investorId}::uuid
      order by investment_id, part`),
  );
  if (own.length === 0) return [];
  const blocks = [...new Set(own.map((leaf) => Math.floor(leaf.position / BLOCK_SIZE)))];
  const blockLeaves = new Map<number, TreeNode[][]>();
  for (const block of blocks) {
    const rows = rowsOf<StoredLeaf>(
      await db.execute(sql`
        select position, investment_id, investor_id, part, amount::text as amount, salt from transparency_leaves
        where snapshot_id = ${snapshotId}::uuid and position >= ${block * BLOCK_SIZE} and position < ${(block + 1) * BLOCK_SIZE}
        order by position`),
    );
    const nodes = rows.map((row) => ({
      hash: leafHash(
        { investmentId: row.investment_id, part: row.part, cents: leafCents(row.amount), salt: row.salt },
        nodeSha256,
      ),
      cents: leafCents(row.amount),
    }));
    blockLeaves.set(block, blockLevels(nodes, nodeSha256));
  }
  const upperRows = rowsOf<{ level: number; position: number; hash: string; amount: string }>(
    await db.execute(sql`
      select level, position, hash, amount::text as amount from transparency_nodes where snapshot_id = ${snapshotId}::uuid
        and (level, position) in (select l, p from unnest(${`{${ownUpperKeys(own)
          .map((key) => key[0])
          .join(',')}}`}::int[],
                                                         ${`{${ownUpperKeys(own)
                                                           .map((key) => key[1])
                                                           .join(',')}}`}::int[]) as u(l, p))`),
  );
  const upper = new Map(
    upperRows.map((row) => [
      `${row.level}:${row.position}`,
      { hash: row.hash, cents: leafCents(row.amount) },
    ]),
  );
  const topLevel = await db.execute(
    sql`select max(level)::int as top from transparency_nodes where snapshot_id = ${snapshotId}::uuid`,
  );
  const top = rowsOf<{ top: number }>(topLevel)[0]?.top ?? BLOCK_LEVEL;
  const byNote = new Map<string, NoteProof>();
  for (const leaf of own) {
    const block = Math.floor(leaf.position / BLOCK_SIZE);
    const levels = blockLeaves.get(block) as TreeNode[][];
    const path: ProofStep[] = pathOf(levels, leaf.position % BLOCK_SIZE);
    for (let level = BLOCK_LEVEL; level < top; level += 1) {
      const index = leaf.position >> level;
      const sibling = upper.get(`${level}:${index ^ 1}`) ?? EMPTY_NODE;
      path.push({
        side: (index ^ 1) < index ? 'left' : 'right',
        hash: sibling.hash,
        cents: sibling.cents.toString(),
      });
    }
    const proof: LeafProof = {
      investment_id: leaf.investment_id,
      part: leaf.part,
      position: leaf.position,
      cents: leafCents(leaf.amount).toString(),
      salt: leaf.salt,
      path,
    };
    const note = byNote.get(leaf.investment_id) ?? {
      investment_id: leaf.investment_id,
      amount: '0.00',
      leaves: [],
    };
    note.leaves.push(proof);
    note.amount = centsToMoney(note.leaves.reduce((sum, part) => sum + BigInt(part.cents), 0n));
    byNote.set(leaf.investment_id, note);
  }
  return [...byNote.values()];
}

/** The (level, position) of every sibling above the block level on the investor's paths. */
function ownUpperKeys(own: readonly StoredLeaf[]): [number, number][] {
  const keys = new Map<string, [number, number]>();
  for (const leaf of own) {
    for (let level = BLOCK_LEVEL; level < 31; level += 1) {
      const index = leaf.position >> level;
      keys.set(`${level}:${index ^ 1}`, [level, index ^ 1]);
    }
  }
  return [...keys.values()];
}
