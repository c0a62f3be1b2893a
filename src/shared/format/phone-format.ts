/** +16175550142 -> "+1 (617) 555-0142"; numbers outside the US plan are shown as stored. */
export function formatPhoneNumber(phoneE164: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phoneE164);
  return match ? `+1 (${match[1]}) ${match[2]}-${match[3]}` : phoneE164;
}
