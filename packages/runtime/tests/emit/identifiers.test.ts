import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { camelCase, constantName, identifier, Names, RESERVED_NAMES } from '../../src/emit/index.js';

const VALID = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const names = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom('new', 'class', 'default', 'Object', 'fetch', 'type', '3d', '', '---', 'URL fetch', 'café au lait'));

/** The syntax and binding errors of `code` as a strict TypeScript module. */
function errors(code: string): string[] {
  const { diagnostics = [] } = ts.transpileModule(code, { reportDiagnostics: true, compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } });
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('identifiers from spec names', () => {
  it('identifier(): valid, never reserved, usable as a binding, a function and (Pascal) a type, whatever the name', () => {
    fc.assert(fc.property(names, fc.boolean(), (name, pascal) => {
      const id = identifier(name, { pascal });
      expect(id).toMatch(VALID);
      expect(RESERVED_NAMES.has(id)).toBe(false);
      expect(errors(`export const ${id} = 1;\nexport function ${id}Fn() {}\nexport interface ${identifier(name, { pascal: true })} { readonly x: 1 }\n`)).toEqual([]);
    }), { numRuns: 1000 });
  });

  it('Names.take(): every name handed out once, valid and not reserved, with each suffix free', () => {
    fc.assert(fc.property(fc.array(names, { maxLength: 30 }), (list) => {
      const taken = new Names(['build']);
      const out: string[] = [];
      for (const name of list) {
        const base = taken.take(camelCase(name, { fallback: 'tool' }), { suffixes: ['Tool', 'Parameters'] });
        out.push(`${base}Tool`, `${base}Parameters`);
      }
      expect(new Set(out).size).toBe(out.length);
      for (const id of out) {
        expect(id).toMatch(VALID);
        expect(RESERVED_NAMES.has(id)).toBe(false);
      }
      expect(out).not.toContain('build');
    }), { numRuns: 500 });
  });

  it('camelCase words, a fallback for what has none and before a digit, `_` after a reserved word', () => {
    expect(camelCase('get-forecast')).toBe('getForecast');
    expect(camelCase('URL fetch')).toBe('urlFetch');
    expect(camelCase('get_weather_v2')).toBe('getWeatherV2');
    expect(camelCase('café au lait')).toBe('cafeAuLait');
    expect(camelCase('weather agent', { pascal: true })).toBe('WeatherAgent');
    expect(camelCase('3d model', { fallback: 'tool' })).toBe('tool3dModel');
    expect(camelCase('!!!')).toBe('unnamed');
    expect(camelCase('', { pascal: true })).toBe('Unnamed');
    expect(identifier('new')).toBe('new_');
    expect(identifier('Object', { pascal: true })).toBe('Object_');
    expect(camelCase('new')).toBe('new');
    expect(constantName('getForecastTool')).toBe('GET_FORECAST_TOOL');
    expect(constantName('v2Api')).toBe('V2_API');
  });

  it('Names: numbers a taken name, takes the alternative first, keeps reserved names and a parent scope taken', () => {
    const n = new Names(['build']);
    expect(n.take('build')).toBe('build2');
    expect(n.take('forecast')).toBe('forecast');
    expect(n.take('forecast', { alternative: 'forecastF1' })).toBe('forecastF1');
    expect(n.take('forecast', { alternative: 'forecastF1' })).toBe('forecast2');
    expect(n.take('new')).toBe('new2');
    expect(n.take('new', { suffixes: ['Tool'] })).toBe('new');
    expect(n.has('newTool')).toBe(true);
    const inner = n.fork();
    expect(inner.take('forecast')).toBe('forecast3');
    expect(n.take('local')).toBe('local');
    expect(() => n.take('not valid')).toThrow(expect.objectContaining({ code: 'AS_EMIT_VALUE' }));
    expect(() => camelCase('x', { fallback: '1st' })).toThrow(expect.objectContaining({ code: 'AS_EMIT_VALUE' }));
  });
});
