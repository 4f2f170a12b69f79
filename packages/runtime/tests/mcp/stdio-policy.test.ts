import { describe, expect, it } from 'vitest';
import { inlineCodeArg, parseAllowEntry, stdioRefusal } from '../../src/mcp/index.js';

describe('inlineCodeArg: arguments that run code given inline', () => {
  it.each([
    ['node', ['-e', 'x']], ['node', ['--eval=x']], ['/usr/bin/node', ['-p', 'x']], ['node', ['--print', 'x']], ['node', ['-pe', 'x']],
    ['node', ['-r', './m.js', 'server.mjs']], ['node', ['--require=./m']], ['node', ['--import', 'data:text/javascript,x']],
    ['node', ['--loader', 'x']], ['node', ['data:text/javascript,x']], ['node', ['server.mjs', '-e', 'x']], ['nodejs', ['-e', 'x']],
    ['deno', ['eval', 'x']], ['deno', ['run', 'data:text/javascript,x']], ['bun', ['-e', 'x']], ['bun', ['--preload', 'x']],
    ['python', ['-c', 'x']], ['python3', ['-Ic', 'x']], ['python3.12', ['-W', 'ignore', '-c', 'x']], ['python3', ['-m', 'timeit', 'x']],
    ['C:\\Python\\python.exe', ['-c', 'x']], ['pypy3', ['-c', 'x']],
    ['sh', ['-c', 'x']], ['bash', ['-ec', 'x']], ['zsh', ['-c', 'x']], ['fish', ['--command=x']], ['bash', ['--rcfile', 'f']],
    ['perl', ['-e', 'x']], ['perl', ['-lne', 'x']], ['perl', ['-E', 'x']], ['perl', ['-MPOSIX', 'x.pl']],
    ['ruby', ['-e', 'x']], ['ruby', ['-rsocket', 's.rb']], ['php', ['-r', 'x']], ['php', ['-d', 'auto_prepend_file=x', 's.php']],
    ['pwsh', ['-Command', 'x']], ['pwsh', ['-c', 'x']], ['powershell', ['-EncodedCommand', 'eA==']], ['pwsh', ['-enc', 'eA==']], ['pwsh', ['-comm', 'x']],
    ['cmd', ['/c', 'x']], ['CMD.EXE', ['/K', 'x']], ['npx', ['-c', 'x']], ['npx', ['--call', 'x']],
  ])('%s %j is refused', (command, args) => {
    expect(inlineCodeArg(command, args)).toBeDefined();
  });

  it.each([
    ['node', ['/abs/server.mjs']], ['node', ['--no-warnings', 'server.mjs', '--port', '3']], ['node', ['--experimental-vm-modules', 's.mjs']],
    ['python3', ['server.py']], ['python3', ['-u', '-X', 'utf8', 'server.py']], ['python', ['-Wignore', 's.py']],
    ['perl', ['-I/usr/share/perl5', 's.pl']], ['ruby', ['-Ilib', 's.rb']], ['bash', ['./server.sh']], ['deno', ['run', '-A', 'server.ts']],
    ['pwsh', ['-File', 's.ps1']], ['pwsh', ['-ExecutionPolicy', 'Bypass', '-File', 's.ps1']], ['npx', ['-y', '@scope/server']],
    ['my-server', ['-e', '-c']], ['uvx', ['mcp-server-git']],
  ])('%s %j is not inline code', (command, args) => {
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
