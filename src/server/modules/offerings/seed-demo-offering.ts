/**
 * The demo's offering (issue 26): the default offering becomes a Regulation A Tier 2 offering
 * with the Tier 2 maximum (17 CFR 230.251(a)(2)) and a circular, version 1, that the demo admin
 * "uploaded". The demo investor is accredited (net worth) and has acknowledged that version, so
 * the demo's purchases go straight to the agreement; a new investor meets the profile and
 * circular steps first.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';

async function demoCircularPdf(brandName: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: { Title: `${brandName} offering circular` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.font('Helvetica-Bold').fontSize(20).text(`${brandName} Notes`);
  doc.moveDown(0.4).font('Helvetica').fontSize(12).text('Offering circular (demonstration copy), version 1');
  doc.moveDown();
  doc
    .fontSize(11)
    .text(
      'This demonstration document stands in for the offering circular an issuer files with the SEC on Form 1-A. ' +
        'A real circular describes the notes, the issuer, its business and finances, the use of proceeds and the ' +
        'risks of investing. Read it in full before you invest.',
    );
  doc.moveDown();
  doc.text(
    'Regulation A, Tier 2: the issuer may sell at most $75,000,000 of securities in any 12 months. A purchaser ' +
      'who is not an accredited investor may buy at most 10% of the greater of annual income and net worth ' +
      '(excluding the primary residence) in this offering over 12 months.',
  );
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

export async function seedDemoOffering(
  db: Database,
  input: { brandName: string; adminId: string; investorId: string; today: string; now: Date },
): Promise<void> {
  const content = await demoCircularPdf(input.brandName);
  await db.transaction(async (tx) => {
    const [offering] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update offerings set name = ${`${input.brandName} Notes, Regulation A Tier 2`}, exemption = 'reg_a_tier_2',
          qualification_date = (${input.today}::date - 400), maximum_per_12_months = 75000000, status = 'open'
        where id = default_offering_id() returning id`),
    );
    const offeringId = offering!.id;
    const sha256 = createHash('sha256').update(content).digest('hex');
    const [circular] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into offering_circulars (offering_id, version, file_name, byte_size, sha256, content, uploaded_by, uploaded_at)
        values (${offeringId}::uuid, 1, 'offering-circular-v1.pdf', ${content.length}, ${sha256}, ${content},
                ${input.adminId}::uuid, ${input.now}::timestamptz)
        on conflict (offering_id, version) do nothing returning id`),
    );
    await tx.execute(sql`
      insert into investor_profiles (investor_id, is_accredited, accreditation_basis, certified_at, updated_at)
      values (${input.investorId}::uuid, true, 'net_worth', ${input.now}::timestamptz, ${input.now}::timestamptz)
      on conflict (investor_id) do nothing`);
    await tx.execute(sql`
      insert into investor_profile_history (investor_id, is_accredited, accreditation_basis, changed_by, created_at)
      values (${input.investorId}::uuid, true, 'net_worth', 'investor', ${input.now}::timestamptz)`);
    // The demo's history counts against the offering like a migrated installation's notes.
    await tx.execute(sql`
      insert into offering_sales (offering_id, investor_id, investment_id, kind, amount, sold_on, created_at)
      select p.offering_id, i.investor_id, i.id, i.origin, i.principal_amount, i.start_date, i.created_at
      from investments i join investment_products p on p.id = i.product_id
      where i.principal_amount > 0 and i.status <> 'cancelled'
      on conflict (investment_id) do nothing`);
    if (circular) {
      await tx.execute(sql`
        insert into circular_acknowledgements (investor_id, offering_id, circular_id, version, acknowledged_at)
        values (${input.investorId}::uuid, ${offeringId}::uuid, ${circular.id}::uuid, 1, ${input.now}::timestamptz)`);
    }
  });
}
