import type { Rule } from '@agentspec/testing';
import { checkItem } from './check-item.js';
import type { Dataset, EvalItem } from './dataset.js';
import { makeDataset } from './read-dataset.js';

/** What `DatasetBuilder.add` takes: an item whose id is optional (default: its position). */
export type ItemInput = Omit<EvalItem, 'id'> & { readonly id?: string | number };

/**
 * Builds a dataset in code; every item is checked as a file's would be.
 *
 *   const qa = new DatasetBuilder('capitals').add({ input: 'Capital of France?', expected: 'Paris' }).build();
 */
export class DatasetBuilder {
  private readonly items: EvalItem[] = [];
  private database: string | undefined;
  private scripted: readonly Rule[] | undefined;

  constructor(private readonly name: string) {}

  /** One item; `input` (a single user message) is accepted as in files. */
  add(item: ItemInput & { readonly input?: string }): this {
    this.items.push(checkItem(item, this.items.length, `dataset ${this.name} item ${this.items.length}`));
    return this;
  }

  /** The SQLite database the SQL metric runs queries on. */
  withDatabase(path: string): this {
    this.database = path;
    return this;
  }

  /** Scripted LLM rules used by every item (after its own) in offline runs. */
  withScripted(rules: readonly Rule[]): this {
    this.scripted = rules;
    return this;
  }

  build(): Dataset {
    return makeDataset({
      name: this.name,
      items: [...this.items],
      ...(this.database !== undefined ? { database: this.database } : {}),
      ...(this.scripted !== undefined ? { scripted: this.scripted } : {}),
    });
  }
}

/** A dataset from plain items (ids default to positions). */
export function datasetFromItems(name: string, items: readonly (ItemInput & { readonly input?: string })[], settings: { database?: string; scripted?: readonly Rule[] } = {}): Dataset {
  const builder = new DatasetBuilder(name);
  for (const item of items) builder.add(item);
  if (settings.database !== undefined) builder.withDatabase(settings.database);
  if (settings.scripted !== undefined) builder.withScripted(settings.scripted);
  return builder.build();
}
