// ServerTool implementations for examples/specs/weather-agent.yaml.
export const tools = {
  get_forecast: ({ city }: Record<string, unknown>): string => `sunny, 21°C in ${String(city)}`,
};
