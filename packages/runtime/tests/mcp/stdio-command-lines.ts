// Command lines of MCP stdio servers for the tests of the stdio policy (the runtime's and the emitted modules' snippet).

/** Command lines whose arguments run code given inline. */
export const INLINE_CODE_COMMANDS: readonly (readonly [string, readonly string[]])[] = [
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
];

/** Command lines that run no inline code. */
export const PLAIN_COMMANDS: readonly (readonly [string, readonly string[]])[] = [
  ['node', ['/abs/server.mjs']], ['node', ['--no-warnings', 'server.mjs', '--port', '3']], ['node', ['--experimental-vm-modules', 's.mjs']],
  ['python3', ['server.py']], ['python3', ['-u', '-X', 'utf8', 'server.py']], ['python', ['-Wignore', 's.py']],
  ['perl', ['-I/usr/share/perl5', 's.pl']], ['ruby', ['-Ilib', 's.rb']], ['bash', ['./server.sh']], ['deno', ['run', '-A', 'server.ts']],
  ['pwsh', ['-File', 's.ps1']], ['pwsh', ['-ExecutionPolicy', 'Bypass', '-File', 's.ps1']], ['npx', ['-y', '@scope/server']],
  ['my-server', ['-e', '-c']], ['uvx', ['mcp-server-git']],
];
