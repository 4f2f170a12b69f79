/** One ServerTool whose root mapping holds `keys` unknown keys (each an AS_UNKNOWN_FIELD warning). */
export function manyKeysYaml(keys: number): string {
  const lines = ['component_type: ServerTool', 'id: t', 'name: t', 'agentspec_version: 25.4.1'];
  for (let i = 0; i < keys; i++) lines.push(`key_${i}: value ${i}`);
  return `${lines.join('\n')}\n`;
}
