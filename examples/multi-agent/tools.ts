// The program's tools as ServerTool implementations, for running the exported
// spec on any runtime (tools are code you register, never code from a spec).
export const tools = {
  faq_lookup: ({ question }: Record<string, unknown>): string =>
    /bag/i.test(String(question)) ? 'One bag of up to 23 kg is included; a second costs 40 EUR.' : 'I do not know the answer to that question.',
  update_seat: ({ confirmation_number, new_seat }: Record<string, unknown>): string => `Booking ${String(confirmation_number)} now has seat ${String(new_seat)}.`,
};
