/**
 * Rendering a template for one recipient (PRODUCT.md 28). Templates are plain text: the
 * admin's text and every value are escaped in HTML, so a first name of `<script>` arrives as
 * text. Only web addresses the admin wrote in the template, and the platform's own
 * unsubscribe link, become links; a value an investor typed never does.
 */
import { parseTemplate, type TemplateValues } from './template-variables';

export type Segment = { kind: 'text'; text: string } | { kind: 'link'; href: string; text: string };
/** A paragraph is lines; a line is segments. Blank lines separate paragraphs. */
export type Paragraph = Segment[][];

const urlPattern = /https?:\/\/[^\s<>"'{}]+/g;
const trailingPunctuation = /[.,;:!?)\]]+$/;

function placeholderValue(values: TemplateValues, name: string): string {
  return (values as Record<string, string | undefined>)[name] ?? '';
}

/** Plain-text rendering (SMS, the text part of an e-mail): placeholders replaced, nothing else. */
export function fillPlaceholders(template: string, values: TemplateValues): string {
  return parseTemplate(template)
    .map((part) => (part.kind === 'literal' ? part.text : placeholderValue(values, part.name)))
    .join('');
}

/** A subject is one line. */
export function renderSubject(template: string, values: TemplateValues): string {
  return fillPlaceholders(template, values).replace(/\s+/g, ' ').trim();
}

function linkify(text: string): Segment[] {
  const segments: Segment[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern)) {
    const start = match.index ?? 0;
    const url = match[0].replace(trailingPunctuation, '');
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'link', href: url, text: url });
    last = start + url.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

type Token = Segment | { kind: 'newline' };

function tokenize(template: string, values: TemplateValues): Token[] {
  const tokens: Token[] = [];
  for (const part of parseTemplate(template.replace(/\r\n?/g, '\n'))) {
    if (part.kind === 'placeholder') {
      const value = placeholderValue(values, part.name).replace(/\s+/g, ' ');
      if (part.name === 'unsubscribe_url' && /^https?:\/\//.test(value)) {
        tokens.push({ kind: 'link', href: value, text: value });
      } else if (value) {
        tokens.push({ kind: 'text', text: value });
      }
      continue;
    }
    part.text.split('\n').forEach((line, index) => {
      if (index > 0) tokens.push({ kind: 'newline' });
      if (line) tokens.push(...linkify(line));
    });
  }
  return tokens;
}

function isBlank(line: Segment[]): boolean {
  return line.every((segment) => segment.kind === 'text' && segment.text.trim() === '');
}

/** The body as paragraphs of lines, ready for HTML or for React. */
export function renderParagraphs(template: string, values: TemplateValues): Paragraph[] {
  const lines: Segment[][] = [[]];
  for (const token of tokenize(template, values)) {
    if (token.kind === 'newline') lines.push([]);
    else lines[lines.length - 1]?.push(token);
  }
  const paragraphs: Paragraph[] = [];
  let current: Segment[][] = [];
  for (const line of lines) {
    if (isBlank(line)) {
      if (current.length > 0) paragraphs.push(current);
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length > 0) paragraphs.push(current);
  return paragraphs;
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

export interface HtmlStyles {
  paragraph: string;
  link: string;
}

/** Paragraphs as HTML; every text and attribute is escaped. */
export function paragraphsToHtml(paragraphs: Paragraph[], styles: HtmlStyles): string {
  return paragraphs
    .map((paragraph) => {
      const lines = paragraph.map((line) =>
        line
          .map((segment) =>
            segment.kind === 'link'
              ? `<a href="${escapeHtml(segment.href)}" style="${styles.link}">${escapeHtml(segment.text)}</a>`
              : escapeHtml(segment.text),
          )
          .join(''),
      );
      return `<p style="${styles.paragraph}">${lines.join('<br>')}</p>`;
    })
    .join('\n');
}
