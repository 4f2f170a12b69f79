export { CRASHED, KernelSession, type EngineRun, type SessionCheckpoints, type SessionEngine, type SessionMeta, type SessionOptions } from './kernel-session.js';
export { componentHash, openEnvelope, SESSION_FORMAT, type SessionEnvelope } from './envelope.js';
export { Inbox, rejectionText, waitingFor, type GivenDecision, type SavedInbox } from './inbox.js';
export { activeLedger, bindLedger, Ledger, ledgerFetch, toolOnce, withLedger, type LedgerEntry } from './ledger.js';
export { crashPoint, type CrashPoint } from './crash-points.js';
export { FinishedRetention, finishedRetention, type Releasable, type RetainFinished, type StoreOwner } from './finished-retention.js';
