import type { Snippet } from './snippet.js';

/**
 * Whether a URL's host is in a list of hosts: the same as `hostAllowed` of
 * @agentspec/runtime (http/check-http-target.ts), which `network.allow` and
 * `llm.credentialHosts` use.
 */
export const hostListed: Snippet<never> = {
  declares: ['hostListed'],
  needs: [],
  code: `/** Whether \`url\`'s host, or host:port, is listed in \`allow\` (IPv6 with or without brackets). */
function hostListed(url: URL, allow: readonly string[]): boolean {
  const bare = (host: string): string => host.trim().toLowerCase().replace(/^\\[(.*)\\]$/, '$1');
  const host = bare(url.hostname);
  const hostPort = \`\${host}:\${url.port || (url.protocol === 'https:' ? '443' : '80')}\`;
  return allow.some((entry) => bare(entry) === host || entry.trim().toLowerCase().replace(/^\\[(.*)\\](?=:)/, '$1') === hostPort);
}`,
};
