import { describe, expect, it } from 'vitest';
import { sqlLiteral } from '../../../sync-server/store/sql-literal.ts';

describe('SQL literals for EXECUTE (standard_conforming_strings on)', () => {
  it('quotes every value; a quote inside is doubled, a backslash stays as it is', () => {
    expect(sqlLiteral("it's")).toBe("'it''s'");
    expect(sqlLiteral("'); DROP TABLE commands; --")).toBe("'''); DROP TABLE commands; --'");
    expect(sqlLiteral('a\\b')).toBe("'a\\b'");
    expect(sqlLiteral(42)).toBe("'42'");
    expect(sqlLiteral(true)).toBe("'true'");
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(new Date(0))).toBe("'1970-01-01T00:00:00.000Z'");
  });

  it('writes arrays in PostgreSQL array syntax, every element double-quoted and escaped', () => {
    expect(sqlLiteral(['a', 'b,c', 'd"e', 'f\\g', "h'i", '{j}'])).toBe(`'{"a","b,c","d\\"e","f\\\\g","h''i","{j}"}'`);
    expect(sqlLiteral([1, 2])).toBe(`'{"1","2"}'`);
    expect(sqlLiteral([])).toBe("'{}'");
  });
});
