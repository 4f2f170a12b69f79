import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { deserialize } from '@agentspec/core';
import { referenceRuntime, type RunStatus, type SavedSession } from '../../src/index.js';
import { DEPLOY, PAUSING_FLOW } from './fixtures.js';

const load = () => referenceRuntime().load(deserialize(PAUSING_FLOW), { tools: DEPLOY, llm: { override: { url: 'http://127.0.0.1:9/v1' } } });

describe('reference runtime: a flow that pauses', () => {
  it('pauses at the InputMessageNode, the ClientTool and the confirmation, then finishes', async () => {
    const session = (await load()).start();
    let status = await session.run();
    expect(status).toMatchObject({ type: 'user_input', messages: [{ role: 'assistant', content: 'Which files?', sender: 'ask' }] });
    session.appendUserMessage('*.md');
    status = await session.run();
    expect(status.type).toBe('tool_request');
    const request = (status as Extract<RunStatus, { type: 'tool_request' }>).requests[0]!;
    expect(request).toMatchObject({ name: 'pick_file', args: { pattern: '*.md' } });
    session.appendToolResults([{ id: request.id, content: 'README.md' }]);
    status = await session.run();
    expect(status).toMatchObject({ type: 'tool_confirmation', requests: [{ name: 'deploy', args: { path: 'README.md' } }] });
    session.decide((status as Extract<RunStatus, { type: 'tool_confirmation' }>).requests[0]!.id, 'approve');
    status = await session.run();
    expect(status).toMatchObject({ type: 'finished', outputs: { url: 'https://example.test/README.md' }, branch: 'next' });
  });

  it('a rejected confirmation never runs the tool', async () => {
    let ran = false;
    const app = await referenceRuntime().load(deserialize(PAUSING_FLOW), { tools: { deploy: () => ((ran = true), 'x') }, llm: { override: { url: 'http://127.0.0.1:9/v1' } } });
    const session = app.start();
    await session.run();
    session.appendUserMessage('*.md');
    const req = await session.run();
    session.appendToolResults([{ id: (req as Extract<RunStatus, { type: 'tool_request' }>).requests[0]!.id, content: 'a.md' }]);
    const conf = await session.run();
    session.decide((conf as Extract<RunStatus, { type: 'tool_confirmation' }>).requests[0]!.id, 'reject', 'not now');
    await expect(session.run()).rejects.toMatchObject({ code: 'AS_TOOL_FAILED' });
    expect(ran).toBe(false);
  });

  it('refuses answers nobody asked for', async () => {
    const session = (await load()).start();
    await session.run();
    expect(() => session.appendToolResults([{ id: 'nope', content: 1 }])).toThrowError(/not waiting for tool results/);
    expect(() => session.decide('nope', 'approve')).toThrowError(/not waiting for decisions/);
  });

  it('saves in this process and resumes in another at each of the three pauses (run `pnpm build` first)', async () => {
    const child = fileURLToPath(new URL('./resume-child.mjs', import.meta.url));
    const resume = (saved: SavedSession, action: Record<string, unknown>): { status: RunStatus; saved: SavedSession } => {
      const r = spawnSync('node', [child], { input: JSON.stringify({ spec: PAUSING_FLOW, saved, action }), encoding: 'utf8' });
      if (r.status !== 0) throw new Error(r.stderr);
      return JSON.parse(r.stdout);
    };
    const session = (await load()).start();
    await session.run(); // paused at the InputMessageNode
    const atInput = resume(await session.save(), { user: '*.md' });
    expect(atInput.status.type).toBe('tool_request');
    const atTool = resume(atInput.saved, { toolResult: 'README.md' });
    expect(atTool.status.type).toBe('tool_confirmation');
    const atConfirm = resume(atTool.saved, { decision: 'approve' });
    expect(atConfirm.status).toMatchObject({ type: 'finished', outputs: { url: 'https://example.test/README.md' } });
    // and the conversation survived every hop
    expect(atConfirm.status.messages.map((m) => m.content)).toEqual(['Which files?', '*.md']);
  });
});
