import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeholdersAreTitles, placeholdersIn, placeholdersTitled } from '../src/semantics/placeholders.js';

/** placeholdersAreTitles by its definition: the names placeholdersIn finds are the inputs' titles, as sets. */
function byDefinition(template: string, inputs: readonly unknown[]): boolean {
  const names = placeholdersIn(template);
  const schemas = inputs.every((p) => typeof p === 'object' && p !== null && !Array.isArray(p));
  if (!schemas) return false;
  const titles = inputs.map((p) => (p as { title?: unknown }).title);
  return titles.every((t) => typeof t === 'string' && names.includes(t)) && names.every((n) => titles.includes(n));
}

// templates of the characters PLACEHOLDER reads: braces, word characters, ASCII and Unicode spaces, others
const piece = fc.constantFrom('{', '}', '{{', '}}', 'a', 'b', 'x_1', 'text', ' ', '\t', '\n', '\u00a0', '\u2003', '\ufeff', '-', 'é', '{{a}}', '{{ b }}', '{{{a}}}');
const template = fc.array(piece, { maxLength: 14 }).map((xs) => xs.join(''));
const input = fc.oneof(
  fc.constantFrom('a', 'b', 'x_1', 'text', '').map((title) => ({ title, type: 'string' })),
  fc.constantFrom(null, 'a', ['a'], { type: 'string' }, { title: 3 }),
);

describe('placeholdersAreTitles (the no-allocation fast path of the template checks)', () => {
  it('agrees with placeholdersIn on templates of braces, names and spaces', () => {
    fc.assert(fc.property(template, fc.array(input, { maxLength: 3 }), (t, inputs) => {
      expect(placeholdersAreTitles(t, inputs)).toBe(byDefinition(t, inputs));
    }), { numRuns: 5000 });
  });

  it('reads the cases a hand scan can get wrong', () => {
    const a = { title: 'a', type: 'string' };
    expect(placeholdersAreTitles('{{{a}}}', [a])).toBe(true);
    expect(placeholdersAreTitles('{{ a \u3000}}', [a])).toBe(true);
    expect(placeholdersAreTitles('{{a}', [a])).toBe(false);
    expect(placeholdersAreTitles('{{a b}}', [a])).toBe(false);
    expect(placeholdersAreTitles('{{ab}} {{a}}', [a])).toBe(false);
    expect(placeholdersAreTitles('no placeholder', [])).toBe(true);
  });
});

describe('placeholdersTitled (the fast path of the HTTP placeholder check)', () => {
  it('agrees with placeholdersIn and findProperty', () => {
    fc.assert(fc.property(template, fc.array(input, { maxLength: 3 }), (t, inputs) => {
      const titled = (name: string) => inputs.some((p) => typeof p === 'object' && p !== null && !Array.isArray(p) && (p as { title?: unknown }).title === name);
      expect(placeholdersTitled(t, inputs)).toBe(placeholdersIn(t).every(titled));
    }), { numRuns: 5000 });
  });
});
