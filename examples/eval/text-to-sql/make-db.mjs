// Builds shop.db from shop.sql with better-sqlite3 (the SQLite binding of agentspec-ts).
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../../../packages/eval/package.json', import.meta.url));
const Database = require('better-sqlite3');
const db = fileURLToPath(new URL('shop.db', import.meta.url));
rmSync(db, { force: true });
const conn = new Database(db);
conn.exec(readFileSync(new URL('shop.sql', import.meta.url), 'utf8'));
conn.close();
console.log(db);
