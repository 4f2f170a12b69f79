/**
 * The fields of the `network` build option every emitted module declares the
 * same way (what `network.allow`, `network.allowStdio` and `network.lookup`
 * of the runtime's load options mean), as lines of TypeScript at `indent`.
 */
export function networkOptionFields(indent: string): string[] {
  return [
    'readonly allow?: readonly string[];',
    '/** A command name, or an exact command line (a string with blanks, or `{ command, args }`): only an exact one allows inline code (`node -e`, …). */',
    'readonly allowStdio?: readonly (string | { readonly command: string; readonly args?: readonly string[] })[];',
    '/** How RemoteTools resolve host names (default: the system resolver); a name must resolve to public addresses unless allow lists it. */',
    'readonly lookup?: (hostname: string) => Promise<readonly { readonly address: string; readonly family: number }[]>;',
  ].map((line) => `${indent}${line}`);
}
