/** How back-office screens name an investor: the full name, or the e-mail while no name is known. */
export function investorDisplayName(investor: {
  first_name: string | null;
  last_name: string | null;
  email: string;
}): string {
  const name = [investor.first_name, investor.last_name].filter(Boolean).join(' ').trim();
  return name || investor.email;
}

/** Status values as labels ("high_yield" -> "High yield"). */
export function humanizeCode(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
