import { describe, expect, it } from 'vitest';
import { inlineCodeArg, parseAllowEntry, stdioRefusal } from '../../src/mcp/index.js';
import { INLINE_CODE_COMMANDS, PLAIN_COMMANDS } from './stdio-command-lines.js';

describe('inlineCodeArg: arguments that run code given inline', () => {
  it.each(INLINE_CODE_COMMANDS)('%s %j is refused', (command, args) => {
    expect(inlineCodeArg(command, args)).toBeDefined();
  });

  it.each(PLAIN_COMMANDS)('%s %j is not inline code', (command, args) => {
    expect(inlineCodeArg(command, args)).toBeUndefined();
  });
});

describe('stdioRefusal: network.allowStdio covers command and arguments', () => {
  const server = { command: 'node', args: ['/abs/server.mjs'] };
  const inline = { command: 'node', args: ['-e', "require('fs').writeFileSync('/tmp/x', '')"] };

  it('nothing is allowed by default, and a command name allows only that command', () => {
    expect(stdioRefusal(server, undefined)).toMatch(/is not allowed$/);
    expect(stdioRefusal(server, { allowStdio: ['python3'] })).toMatch(/is not allowed$/);
    expect(stdioRefusal(server, { allowStdio: ['node'] })).toBeUndefined();
    expect(stdioRefusal(server, { allowStdio: [{ command: 'node' }] })).toBeUndefined();
  });

  it('a command name does not allow inline code, nor code-loading env', () => {
    expect(stdioRefusal(inline, { allowStdio: ['node'] })).toMatch(/with '-e' is not allowed: that argument runs code given inline/);
    expect(stdioRefusal({ ...server, env: { NODE_OPTIONS: '--import data:text/javascript,x' } }, { allowStdio: ['node'] })).toMatch(/NODE_OPTIONS set by the spec/);
    expect(stdioRefusal({ ...server, env: { ld_preload: '/x.so' } }, { allowStdio: ['node'] })).toMatch(/ld_preload/);
    expect(stdioRefusal({ ...server, env: { MY_TOKEN: 'x' } }, { allowStdio: ['node'] })).toBeUndefined();
  });

  it('an exact argv (string with blanks or { command, args }) allows exactly that command line', () => {
    expect(stdioRefusal(server, { allowStdio: ['node /abs/server.mjs'] })).toBeUndefined();
    expect(stdioRefusal(server, { allowStdio: [{ command: 'node', args: ['/abs/server.mjs'] }] })).toBeUndefined();
    expect(stdioRefusal({ command: 'node', args: ['/abs/other.mjs'] }, { allowStdio: ['node /abs/server.mjs'] })).toMatch(/is not allowed$/);
    expect(stdioRefusal({ command: 'node', args: ['/abs/server.mjs', 'x'] }, { allowStdio: ['node /abs/server.mjs'] })).toMatch(/is not allowed$/);
    expect(stdioRefusal(inline, { allowStdio: [{ command: 'node', args: [...inline.args] }] })).toBeUndefined();
    expect(stdioRefusal({ ...server, env: { NODE_OPTIONS: '--max-old-space-size=64' } }, { allowStdio: ['node /abs/server.mjs'] })).toBeUndefined();
  });

  it('parses allow entries', () => {
    expect(parseAllowEntry(' node ')).toEqual({ command: 'node' });
    expect(parseAllowEntry('node  /a.mjs --x')).toEqual({ command: 'node', args: ['/a.mjs', '--x'] });
    expect(parseAllowEntry({ command: 'python3', args: [] })).toEqual({ command: 'python3', args: [] });
  });
});

describe('network.allowStdio in load options', () => {
  it('takes command names, exact argv strings and { command, args }', async () => {
    const { checkLoadOptions } = await import('../../src/options/index.js');
    expect(() => checkLoadOptions('runtime', { network: { allowStdio: ['node', 'node /a.mjs', { command: 'node', args: ['/a.mjs'] }, { command: 'python3' }] } })).not.toThrow();
    expect(() => checkLoadOptions('runtime', { network: { allowStdio: [{ args: ['/a.mjs'] }] } })).toThrow(/allowStdio/);
    expect(() => checkLoadOptions('runtime', { network: { allowStdio: [{ command: 'node', args: '/a.mjs' }] } })).toThrow(/allowStdio/);
  });
});
