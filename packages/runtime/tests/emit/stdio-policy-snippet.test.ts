// The stdioPolicy snippet (which MCP stdio servers an emitted module may start), evaluated: the same
// answers as stdioRefusal of the runtime, for every command line of its tests and every kind of allow entry.
import { describe, expect, it } from 'vitest';
import { stdioRefusal, type StdioAllowEntry, type StdioCommand } from '../../src/index.js';
import { INLINE_CODE_COMMANDS, PLAIN_COMMANDS } from '../mcp/stdio-command-lines.js';
import { load } from './load-snippets.js';

type Refusal = (server: StdioCommand, allowStdio: readonly (string | StdioAllowEntry)[]) => string | undefined;
const snippet = load(['stdioPolicy']) as unknown as {
  stdioRefusal: Refusal;
  inlineCodeArg: (command: string, args: readonly string[]) => string | undefined;
  assertStdioAllowed: (server: StdioCommand, allowStdio: readonly (string | StdioAllowEntry)[] | undefined) => void;
};

const SERVERS: StdioCommand[] = [
  ...[...INLINE_CODE_COMMANDS, ...PLAIN_COMMANDS].map(([command, args]) => ({ command, args })),
  { command: 'node', args: ['/abs/server.mjs'], env: { NODE_OPTIONS: '--import data:text/javascript,x' } },
  { command: 'node', args: ['/abs/server.mjs'], env: { ld_preload: '/x.so' } },
  { command: 'node', args: ['/abs/server.mjs'], env: { MY_TOKEN: 'x' } },
  { command: 'node', args: null },
  { command: 'node' },
];

/** Allow lists for a command line: nothing, its command, another one, its exact argv (both ways), a near miss. */
function allowLists(server: StdioCommand): (string | StdioAllowEntry)[][] {
  const args = [...(server.args ?? [])];
  return [
    [], [server.command], [{ command: server.command }], ['python3'], [`${server.command} ${args.join(' ')}`.trim()],
    [{ command: server.command, args }], [{ command: server.command, args: [...args, 'x'] }], [' node ', 'node  /abs/server.mjs'],
  ];
}

describe('stdioPolicy snippet', () => {
  it('refuses and allows exactly what stdioRefusal of the runtime does, with the same reasons', () => {
    let compared = 0;
    for (const server of SERVERS) {
      for (const allowStdio of allowLists(server)) {
        expect(snippet.stdioRefusal(server, allowStdio), `${JSON.stringify(server)} with ${JSON.stringify(allowStdio)}`).toBe(stdioRefusal(server, { allowStdio }));
        compared++;
      }
    }
    expect(compared).toBe(SERVERS.length * 8);
  });

  it.each(INLINE_CODE_COMMANDS)('finds the inline code of %s %j', (command, args) => {
    expect(snippet.inlineCodeArg(command, args)).toBeDefined();
  });

  it.each(PLAIN_COMMANDS)('finds no inline code in %s %j', (command, args) => {
    expect(snippet.inlineCodeArg(command, args)).toBeUndefined();
  });

  it('assertStdioAllowed throws AS_HTTP_REFUSED with the reason, and nothing when allowed', () => {
    const inline = { command: 'node', args: ['-e', 'import(process.argv[1])', '/abs/server.mjs'] };
    expect(() => snippet.assertStdioAllowed(inline, ['node'])).toThrow(expect.objectContaining({
      name: 'CodedError', code: 'AS_HTTP_REFUSED', message: expect.stringMatching(/with '-e' is not allowed: that argument runs code given inline/),
    }));
    expect(() => snippet.assertStdioAllowed(inline, undefined)).toThrow(/starting the MCP stdio server 'node' is not allowed$/);
    expect(snippet.assertStdioAllowed(inline, [{ command: 'node', args: [...inline.args] }])).toBeUndefined();
    expect(snippet.assertStdioAllowed({ command: 'node', args: ['/abs/server.mjs'] }, ['node'])).toBeUndefined();
  });
});
