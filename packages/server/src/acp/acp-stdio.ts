import { Readable, Writable } from 'node:stream';
import { ndJsonStream, type AgentConnection } from '@agentclientprotocol/sdk';
import type { SessionHost } from '../session-host.js';
import { acpAgent } from './acp-agent.js';

/** Speak ACP (newline-delimited JSON-RPC) on a pair of streams — `agentspec acp` gives it stdin and stdout. */
export function connectAcp(host: SessionHost, input: Readable, output: Writable): AgentConnection {
  const stream = ndJsonStream(Writable.toWeb(output) as WritableStream<Uint8Array>, Readable.toWeb(input) as ReadableStream<Uint8Array>);
  return acpAgent(host).connect(stream);
}
