/**
 * The platform's own words around a marketing message, shared by the sender and the live
 * preview so what the admin sees is what investors get.
 */
const stopInstruction = /\bSTOP\b/;

/** A marketing SMS names the sender and ends with the opt-out instruction (TCPA practice). */
export function marketingSmsText(brandName: string, body: string): string {
  const trimmed = body.trim();
  const withStop = stopInstruction.test(trimmed) ? trimmed : `${trimmed}\nReply STOP to opt out.`;
  return withStop.includes(brandName) ? withStop : `${brandName}: ${withStop}`;
}

/** Why the recipient gets a marketing e-mail (CAN-SPAM); the postal address follows it. */
export function marketingEmailReason(brandName: string): string {
  return `You are receiving this e-mail because you chose to hear about news and offers from ${brandName}.`;
}
