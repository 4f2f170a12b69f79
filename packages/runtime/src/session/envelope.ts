import type { Component } from '@agentspec/core';
import type { RunStatus, SavedSession } from '../contract.js';
import { RuntimeError } from '../errors.js';
import { specHash } from '../store/spec-hash.js';
import type { SavedInbox } from './inbox.js';
import type { LedgerEntry } from './ledger.js';

/** The format of every runtime's `save()` (1 was each runtime's own). */
export const SESSION_FORMAT = 2;

/**
 * What `save()` returns on every runtime (DESIGN §2.1): one envelope, labelled
 * with the runtime and a hash of the spec, holding what is the same
 * everywhere (inputs, the caller's queued input, the last status, the
 * exactly-once ledger of a run in flight) and the runtime's own `state`.
 */
export interface SessionEnvelope extends SavedSession {
  readonly runtime: string;
  readonly format: typeof SESSION_FORMAT;
  readonly kind: 'agent' | 'flow';
  /** The id of the root component. */
  readonly component: string;
  /** {@link specHash} of the spec: a session resumes only on the same spec. */
  readonly specHash: string;
  /** The session's conversation id (absent in saves of earlier versions: a new one is drawn on resume). */
  readonly conversation?: string;
  readonly inputs: Record<string, unknown>;
  readonly inbox: SavedInbox;
  readonly status?: RunStatus;
  /** The code of the error the last run ended with. */
  readonly failed?: string;
  /** Written while a run was going on (a checkpoint): resuming it reruns that run, its effects replayed from `ledger`. */
  readonly inFlight?: boolean;
  readonly ledger?: readonly LedgerEntry[];
  /** The seed of the session's span ids: a resumed session's spans keep the ids its earlier runs announced (absent in older saves). */
  readonly spans?: string;
  /** The runtime's own state (its framework's conversation, thread, run ids…). */
  readonly state: unknown;
}

const hashes = new WeakMap<Component, string>();

/** {@link specHash}, computed once per component object. */
export function componentHash(component: Component): string {
  let hash = hashes.get(component);
  if (hash === undefined) hashes.set(component, (hash = specHash(component)));
  return hash;
}

/** `saved` as an envelope this runtime can resume for this spec; AS_RESUME_MISMATCH saying what differs. */
export function openEnvelope(saved: unknown, expect: { readonly runtime: string; readonly component: Component }): SessionEnvelope {
  const s = (saved ?? {}) as Partial<SessionEnvelope>;
  const mismatch = (message: string, hint?: string) => new RuntimeError('AS_RESUME_MISMATCH', message, {}, hint ? { hint } : {});
  if (typeof saved !== 'object' || saved === null) throw mismatch('a saved session is the JSON object save() returned');
  if (s.runtime !== expect.runtime) throw mismatch(`this session was saved on runtime '${String(s.runtime)}', not '${expect.runtime}'`, `resume it with the runtime '${String(s.runtime)}'`);
  if (s.format !== SESSION_FORMAT) {
    throw mismatch(`this save has format ${String(s.format)}; this version reads format ${SESSION_FORMAT}`, 'sessions saved by agentspec before the session kernel (format 1) cannot be resumed: start a new session');
  }
  if (s.component !== expect.component.id) {
    throw mismatch(`this session was saved from another spec (of component '${String(s.component)}', not '${expect.component.id}')`, 'resume it with the spec it was saved with');
  }
  if (s.specHash !== componentHash(expect.component)) throw mismatch('this session was saved from another spec (or another version of this one)', 'resume it with the spec it was saved with');
  if (typeof s.inputs !== 'object' || s.inputs === null || typeof s.inbox !== 'object' || s.inbox === null || !Array.isArray(s.inbox.user)) {
    throw mismatch('this save is damaged: its inputs or inbox are missing');
  }
  return s as SessionEnvelope;
}
