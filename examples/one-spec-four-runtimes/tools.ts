// ServerTools of trip-planner.yaml: code you register, never code from the spec.
export const tools = {
  split_list: ({ text }: Record<string, unknown>): string[] => String(text).split(',').map((s) => s.trim()).filter(Boolean),
  count_sunny: ({ weathers }: Record<string, unknown>): { verdict: string; summary: string } => {
    const list = (weathers as string[]).map((w) => w.toLowerCase());
    const sunny = list.filter((w) => w === 'sunny').length;
    return { verdict: sunny === list.length ? 'ALL_SUNNY' : 'MIXED', summary: `${sunny} of ${list.length} cities sunny` };
  },
};
