import { describe, expect, it } from 'vitest';
import { insertAtBodyEnd, snippetFor } from './draft';

describe('snippetFor', () => {
  it('prints a plain path', () => {
    expect(snippetFor('customer.name')).toBe('{{ customer.name }}');
  });

  it('loops over each list of a path, naming the item after its list', () => {
    expect(snippetFor('invoice.items[].price')).toBe('{% for item in invoice.items %}{{ item.price }}{% endfor %}');
    expect(snippetFor('report.entries[].lines[].amount')).toBe(
      '{% for entry in report.entries %}{% for line in entry.lines %}{{ line.amount }}{% endfor %}{% endfor %}',
    );
    expect(snippetFor('rows[]')).toBe('{% for row in rows %}{{ row }}{% endfor %}');
  });
});

describe('insertAtBodyEnd', () => {
  it('inserts before </body>, or on a line of its own at the end', () => {
    expect(insertAtBodyEnd('<body><p>a</p></body>', 'X')).toBe('<body><p>a</p>X\n</body>');
    expect(insertAtBodyEnd('<p>a</p>', 'X')).toBe('<p>a</p>\nX\n');
    expect(insertAtBodyEnd('', 'X')).toBe('X\n');
  });
});
