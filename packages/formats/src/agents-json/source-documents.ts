import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatError } from '../format-error.js';
import { readDocument, type ReadLimits } from '../read-document.js';
import { isObject, type Json } from '../shape-check.js';
import type { AjSource } from './read-agents-json.js';

/** How sources are found: never over the network. */
export interface SourceAccess {
  /** Folder relative source paths start from (the agents.json file's). */
  readonly baseDir: string;
  /** Local files to use instead of a source's path, by source id (relative to the working directory). */
  readonly sources?: Readonly<Record<string, string>>;
  /** Read a local file (default: `fs.readFileSync` as UTF-8). */
  readonly readFile?: (path: string) => string;
  readonly limits?: ReadLimits;
}

/** A loaded OpenAPI 3 document. */
export interface OpenApiDocument {
  readonly sourceId: string;
  /** The local file it was read from. */
  readonly file: string;
  readonly doc: Json;
}

const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

/** Whether a path is a URL other than `file:` (Windows drive letters are paths). */
export function isRemote(path: string): boolean {
  const scheme = SCHEME.exec(path)?.[1];
  return scheme !== undefined && scheme.length > 1 && scheme.toLowerCase() !== 'file';
}

/** The local file of a path or `file:` URL, relative to `baseDir`. */
export function localFile(path: string, baseDir: string): string {
  const file = path.toLowerCase().startsWith('file:') ? fileURLToPath(path) : path;
  return isAbsolute(file) ? file : resolve(baseDir, file);
}

/** Read and parse a local JSON or YAML file (AS_IMPORT_SOURCE_MISSING, AS_IMPORT_PARSE). */
export function readLocalDocument(file: string, what: string, access: SourceAccess): unknown {
  let text: string;
  try {
    text = (access.readFile ?? ((p: string) => readFileSync(p, 'utf8')))(file);
  } catch (e) {
    throw formatError('AS_IMPORT_SOURCE_MISSING', `${what}: cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`, 'source paths are relative to the agents.json file; pass another file with the sources option (--source <id>=<file>)');
  }
  return readDocument(text, what, access.limits);
}

/**
 * The OpenAPI documents of the sources, each read once when first asked for:
 * from the `sources` option, else the source's path (a local file relative
 * to `baseDir`, or a `file:` URL). A source that is a URL is
 * AS_IMPORT_REMOTE_SOURCE: nothing is ever fetched.
 */
export class SourceDocuments {
  private readonly loaded = new Map<string, OpenApiDocument>();

  constructor(private readonly sources: readonly AjSource[], private readonly access: SourceAccess) {}

  get(sourceId: string): OpenApiDocument {
    const cached = this.loaded.get(sourceId);
    if (cached) return cached;
    const source = this.sources.find((s) => s.id === sourceId)!;
    const given = this.access.sources && Object.hasOwn(this.access.sources, sourceId) ? this.access.sources[sourceId] : undefined;
    if (given === undefined && isRemote(source.path)) {
      throw formatError('AS_IMPORT_REMOTE_SOURCE', `source '${sourceId}' is at ${source.path}, and importers never fetch`,
        `download it (e.g. curl -o ${sourceId}.yaml '${source.path}') and pass the file: --source ${sourceId}=${sourceId}.yaml (the sources option)`);
    }
    const file = given === undefined ? localFile(source.path, this.access.baseDir) : resolve(given);
    const value = readLocalDocument(file, `the OpenAPI document of source '${sourceId}'`, this.access);
    const doc = checkOpenApi(value, sourceId);
    const result = { sourceId, file, doc };
    this.loaded.set(sourceId, result);
    return result;
  }

  /** The folder of a source's file (for relative `$ref`s). */
  dirOf(sourceId: string): string {
    return dirname(this.get(sourceId).file);
  }
}

function checkOpenApi(value: unknown, sourceId: string): Json {
  if (!isObject(value)) throw formatError('AS_IMPORT_INVALID', `the OpenAPI document of source '${sourceId}' is not an object`);
  if (typeof value.openapi !== 'string' || !value.openapi.startsWith('3.')) {
    const what = typeof value.swagger === 'string' ? `Swagger ${value.swagger}` : `openapi ${JSON.stringify(value.openapi) ?? 'missing'}`;
    throw formatError('AS_IMPORT_FORMAT_VERSION', `the document of source '${sourceId}' is ${what}; agents.json sources are OpenAPI 3`, 'convert it to OpenAPI 3 (e.g. with swagger2openapi) and pass the file with --source');
  }
  if (!isObject(value.paths)) throw formatError('AS_IMPORT_INVALID', `the OpenAPI document of source '${sourceId}' has no paths object`);
  return value;
}
