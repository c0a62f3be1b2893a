/**
 * The variables the platform fills in a template (PRODUCT.md 28). A placeholder is
 * `{{name}}` (spaces inside the braces are allowed); any other name is refused on save.
 */
export const templateVariables = [
  'first_name',
  'last_name',
  'email',
  'total_balance',
  'member_since',
  'brand_name',
  'support_email',
  'unsubscribe_url',
] as const;
export type TemplateVariable = (typeof templateVariables)[number];

/** The values for one recipient, already formatted for reading ("$12,480.00", "March 4, 2024"). */
export type TemplateValues = Record<TemplateVariable, string>;

export const templateVariableDescriptions: Record<TemplateVariable, string> = {
  first_name: "The investor's first name",
  last_name: "The investor's last name",
  email: "The investor's e-mail address",
  total_balance: 'The value of their active and matured notes, e.g. $12,480.00',
  member_since: 'The date they joined, e.g. March 4, 2024',
  brand_name: 'The company name',
  support_email: 'The support e-mail address',
  unsubscribe_url: 'A one-click link that stops marketing on this channel',
};

const placeholderPattern = /\{\{([^{}]*)\}\}/g;

export function isTemplateVariable(name: string): name is TemplateVariable {
  return (templateVariables as readonly string[]).includes(name);
}

/** A template split into literal text and placeholders, in order. */
export type TemplatePart = { kind: 'literal'; text: string } | { kind: 'placeholder'; name: string };

export function parseTemplate(text: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of text.matchAll(placeholderPattern)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: 'literal', text: text.slice(last, start) });
    parts.push({ kind: 'placeholder', name: (match[1] ?? '').trim() });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'literal', text: text.slice(last) });
  return parts;
}

/** The distinct placeholder names used in the texts, in order of first use. */
export function placeholdersIn(...texts: (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const text of texts) {
    for (const part of parseTemplate(text ?? '')) if (part.kind === 'placeholder') names.add(part.name);
  }
  return [...names];
}

export function unknownVariablesIn(...texts: (string | null | undefined)[]): string[] {
  return placeholdersIn(...texts).filter((name) => !isTemplateVariable(name));
}

/** The refusal for a body or subject naming variables the platform cannot fill. */
export function unknownVariableMessage(names: readonly string[]): string {
  const listed = names.map((name) => `{{${name}}}`).join(', ');
  const noun = names.length === 1 ? 'variable' : 'variables';
  return `Unknown ${noun} ${listed}. Use only: ${templateVariables.join(', ')}.`;
}
