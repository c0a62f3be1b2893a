/**
 * Building and proving the coverage page's Merkle sum tree (decision 1943). The job writes the
 * tree in the database (`writeTree`: split, salted, shuffled, hashed with sha256() over the
 * text the shared functions define); a proof rebuilds the leaf's block from the stored leaves
 * with node:crypto and the shared functions, and reads the rest of the path from the stored
 * nodes, so every proof checks the database's hashing against the shared definition.
 */
import { hash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  BLOCK_LEVEL,
  BLOCK_SIZE,
  blockLevels,
  EMPTY_NODE,
  type LeafProof,
  leafHash,
  type NoteProof,
  pathOf,
  type ProofStep,
  type TreeNode,
} from '../../../shared/liquidity/merkle-sum-tree';
import { centsToMoney } from '../../../shared/money/decimal-string';
import { type Executor, rowsOf } from '../../db/client';

export const nodeSha256 = (text: string): string => hash('sha256', text, 'hex');

/** A note's value as the ledger check keeps it (decision 1811): what the platform owes on it. */
const keptValue = sql`(i.principal_amount + case when i.investment_type = 'high_yield' then i.interest_posted else i.interest_reinvested end
  - i.amount_withdrawn + i.amount_adjusted)`;

/** 48 random bits from a version-4 uuid (its first 12 hex digits are all random), as a bigint. */
const randomBits48 = sql`('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))::bit(48)::bigint`;

export interface WrittenTree {
  root: TreeNode;
  leafCount: number;
  noteCount: number;
}

/**
 * Writes a snapshot's tree in the database, set-based (a million notes are two million leaves):
 * every note with a value above zero is split in NOTE_PARTS = 2 parts (the first uniform in
 * 0..amount from 48 random bits of gen_random_uuid, the second the rest), each part salted with
 * the 122 random bits of another uuid and placed by the order of a third (a random permutation);
 * leaves and nodes are hashed with PostgreSQL's sha256() over exactly the text the shared
 * `leafHash` and `nodeHash` hash, level by level, pairing an odd last node with the empty node.
 * The leaves and the nodes from BLOCK_LEVEL up are kept for proofs; earlier snapshots' trees are
 * dropped (their digests stay).
 */
export async function writeTree(tx: Executor, snapshotId: string): Promise<WrittenTree> {
  await tx.execute(sql`delete from transparency_leaves where snapshot_id <> ${snapshotId}::uuid`);
  await tx.execute(sql`delete from transparency_nodes where snapshot_id <> ${snapshotId}::uuid`);
  const notes = await tx.execute(sql`
    with notes as materialized (
      select i.id, i.investor_id, (${keptValue} * 100)::bigint as cents, ${randomBits48} as draw
      from investments i
      where i.status in ('active', 'matured') and ${keptValue} > 0
    ),
    parts as (
      select id, investor_id, 0 as part, floor(draw::numeric / 281474976710656 * (cents + 1))::bigint as cents from notes
      union all
      select id, investor_id, 1, cents - floor(draw::numeric / 281474976710656 * (cents + 1))::bigint from notes
    ),
    salted as materialized (
      select p.*, replace(gen_random_uuid()::text, '-', '') as salt, gen_random_uuid() as place from parts p
    ),
    written as (
      insert into transparency_leaves (snapshot_id, position, investment_id, investor_id, part, amount, salt)
      select ${snapshotId}::uuid, (row_number() over (order by place) - 1)::int, id, investor_id, part, cents::numeric / 100, salt
      from salted
      returning 1
    )
    select (select count(*)::int from notes) as notes, (select count(*)::int from written) as leaves`);
  const counts = rowsOf<{ notes: number; leaves: number }>(notes)[0] ?? { notes: 0, leaves: 0 };
  await tx.execute(sql`drop table if exists liquidity_tree_nodes`);
  await tx.execute(sql`
    create temporary table liquidity_tree_nodes (level int, position int, hash text, cents bigint, primary key (level, position))
    on commit drop`);
  if (counts.leaves === 0) {
    await tx.execute(sql`insert into liquidity_tree_nodes values (0, 0, ${EMPTY_NODE.hash}, 0)`);
  } else {
    await tx.execute(sql`
      insert into liquidity_tree_nodes (level, position, hash, cents)
      select 0, position,
             encode(sha256(convert_to('steadyline-leaf|' || investment_id || '|' || part || '|' || (amount * 100)::bigint || '|' || salt, 'UTF8')), 'hex'),
             (amount * 100)::bigint
      from transparency_leaves where snapshot_id = ${snapshotId}::uuid`);
  }
  let level = 0;
  let count = Math.max(1, counts.leaves);
  while (level < BLOCK_LEVEL || count > 1) {
    await tx.execute(sql`
      insert into liquidity_tree_nodes (level, position, hash, cents)
      select ${level + 1}, l.position / 2,
             encode(sha256(convert_to('steadyline-node|' || l.hash || '|' || l.cents || '|' || coalesce(r.hash, ${EMPTY_NODE.hash}) || '|' || coalesce(r.cents, 0), 'UTF8')), 'hex'),
             l.cents + coalesce(r.cents, 0)
      from liquidity_tree_nodes l
      left join liquidity_tree_nodes r on r.level = ${level} and r.position = l.position + 1
      where l.level = ${level} and l.position % 2 = 0`);
    level += 1;
    count = Math.ceil(count / 2);
  }
  await tx.execute(sql`
    insert into transparency_nodes (snapshot_id, level, position, hash, amount)
    select ${snapshotId}::uuid, level, position, hash, cents::numeric / 100 from liquidity_tree_nodes where level >= ${BLOCK_LEVEL}`);
  const root = rowsOf<{ hash: string; cents: string }>(
    await tx.execute(sql`select hash, cents::text as cents from liquidity_tree_nodes where level = ${level}`),
  )[0];
  await tx.execute(sql`drop table liquidity_tree_nodes`);
  return {
    root: { hash: root?.hash ?? EMPTY_NODE.hash, cents: BigInt(root?.cents ?? '0') },
    leafCount: counts.leaves,
    noteCount: counts.notes,
  };
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
