/**
 * The IRIS files of decision 1900, written from the element tables of iris-elements.ts with
 * xmlbuilder2: the A2A XML transmission (IRTransmission: manifest, one IRSubmission1Grp with the
 * issuer, its totals and one Form1099INTDetail per record) and the Taxpayer Portal CSV file.
 *
 * Files are streamed: the caller asks for the head, then the records page by page, then the
 * tail, so a file of any size is never held whole in memory. xmlbuilder2 serialises the envelope
 * once per file and each record shape once (a shape is the set of optional elements present; a
 * file has two or three): the shape's serialisation is split at its values, and each record
 * fills the values in, XML-escaped. That keeps the builder's output (names, nesting, order,
 * escaping) for a million records at string-join speed.
 */
import { stringify } from 'csv-stringify/sync';
import { create, fragment } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import {
  csvColumns,
  type ElementDef,
  type IrisRecordContext,
  type IrisSettings,
  type IrisTransmissionContext,
  manifestElements,
  recordElements,
  submissionHeaderElements,
} from './iris-elements';

export const IRIS_NAMESPACE = 'urn:us:gov:treasury:irs:ir';

/** A required element without a value: the file is not built (the message names the element). */
export class IrisDataError extends Error {
  constructor(readonly path: string) {
    super(`The IRIS file needs ${path}, which is empty.`);
    this.name = 'IrisDataError';
  }
}

function leafValue<C>(def: ElementDef<C>, context: C, path: string): string | null {
  const value = def.value?.(context) ?? null;
  if (value === null || value === '') {
    if (def.required) throw new IrisDataError(path);
    return null;
  }
  return value;
}

/** Writes the elements of a table under `parent` (the envelope: once per file). */
function writeElements<C>(parent: XMLBuilder, defs: ElementDef<C>[], context: C, at: string): void {
  for (const def of defs) {
    const path = `${at}/${def.name}`;
    if (def.when && !def.when(context)) continue;
    if (def.children) {
      const group = parent.ele(def.name);
      writeElements(group, def.children, context, path);
      continue;
    }
    const value = leafValue(def, context, path);
    if (value !== null) parent.ele(def.name).txt(value);
  }
}

const RECORDS_SLOT = '@@IRIS-RECORDS@@';

const markup = /[&<>]/;

export function escapeXmlText(value: string): string {
  if (!markup.test(value)) return value;
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The head and tail around a file's records. The head ends just inside IRSubmission1Detail; the
 * tail closes it and the document.
 */
export function transmissionEnvelope(context: IrisTransmissionContext): { head: string; tail: string } {
  const document = create({ version: '1.0', encoding: 'UTF-8' }).ele(IRIS_NAMESPACE, 'IRTransmission');
  writeElements(
    document.ele('IRTransmissionManifest'),
    manifestElements,
    context,
    '/IRTransmission/IRTransmissionManifest',
  );
  const group = document.ele('IRSubmission1Grp');
  writeElements(
    group.ele('IRSubmission1Header'),
    submissionHeaderElements,
    context,
    '/IRTransmission/IRSubmission1Grp/IRSubmission1Header',
  );
  group.ele('IRSubmission1Detail').txt(RECORDS_SLOT);
  const text = document.end({ prettyPrint: true });
  const [head, tail] = text.split(RECORDS_SLOT) as [string, string];
  return { head: `${head}\n`, tail: `    ${tail.trimStart()}\n` };
}

interface Leaf<C> {
  def: ElementDef<C>;
  path: string;
}

interface Shape {
  /** The serialisation split at the values: parts.length === values + 1. */
  parts: string[];
}

/**
 * Writes Form1099INTDetail records. A shape (which optional elements and groups are present) is
 * serialised by xmlbuilder2 the first time it is met, with a marker for each value.
 */
export class IrisRecordWriter {
  private readonly shapes = new Map<string, Shape>();

  record(context: IrisRecordContext): string {
    const values: string[] = [];
    const present: string[] = [];
    const collect = (defs: ElementDef<IrisRecordContext>[], at: string) => {
      for (const def of defs) {
        const path = `${at}/${def.name}`;
        if (def.when && !def.when(context)) {
          present.push('0');
          continue;
        }
        if (def.children) {
          present.push('1');
          collect(def.children, path);
          continue;
        }
        const value = leafValue(def, context, path);
        present.push(value === null ? '0' : '1');
        if (value !== null) values.push(escapeXmlText(value));
      }
    };
    collect(recordElements, '/Form1099INTDetail');
    const key = present.join('');
    let shape = this.shapes.get(key);
    if (!shape) {
      shape = this.compile(context);
      this.shapes.set(key, shape);
    }
    let out = shape.parts[0]!;
    for (let index = 0; index < values.length; index += 1) out += values[index]! + shape.parts[index + 1]!;
    return out;
  }

  private compile(context: IrisRecordContext): Shape {
    let slot = 0;
    const leaves: Leaf<IrisRecordContext>[] = [];
    const root = fragment().ele('Form1099INTDetail');
    const write = (parent: XMLBuilder, defs: ElementDef<IrisRecordContext>[], at: string) => {
      for (const def of defs) {
        const path = `${at}/${def.name}`;
        if (def.when && !def.when(context)) continue;
        if (def.children) {
          write(parent.ele(def.name), def.children, path);
          continue;
        }
        if (leafValue(def, context, path) === null) continue;
        leaves.push({ def, path });
        parent.ele(def.name).txt(`@@IRIS-${slot}@@`);
        slot += 1;
      }
    };
    write(root, recordElements, '/Form1099INTDetail');
    const text = root.end({ prettyPrint: true, offset: 3 });
    const parts = text.split(/@@IRIS-\d+@@/);
    if (parts.length !== leaves.length + 1) throw new Error('IRIS record shape lost a value marker');
    parts[parts.length - 1] = `${parts.at(-1)}\n`;
    return { parts };
  }
}

/** The whole XML file in one string (tests and small files; the service streams instead). */
export function buildIrisXml(context: IrisTransmissionContext, records: IrisRecordContext[]): string {
  const { head, tail } = transmissionEnvelope(context);
  const writer = new IrisRecordWriter();
  return head + records.map((record) => writer.record(record)).join('') + tail;
}

export function csvHead(): string {
  return stringify([csvColumns.map((column) => column.header)], { record_delimiter: 'windows' });
}

const csvSpecial = /[",\r\n]/;

/** One CSV field as RFC 4180 (and csv-stringify, which writes the header) quotes it. */
function csvField(value: string): string {
  return csvSpecial.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The records' rows, CR LF after each (a page at a time: this is the hot path of a big file). */
export function csvRows(records: IrisRecordContext[], settings: IrisSettings): string {
  let out = '';
  for (const record of records) {
    const fields: string[] = [];
    for (const column of csvColumns) {
      const value = column.value(record, settings);
      if (column.required && value === '') throw new IrisDataError(`CSV column "${column.header}"`);
      fields.push(csvField(value));
    }
    out += `${fields.join(',')}\r\n`;
  }
  return out;
}

export function buildIrisCsv(records: IrisRecordContext[], settings: IrisSettings): string {
  return csvHead() + csvRows(records, settings);
}
