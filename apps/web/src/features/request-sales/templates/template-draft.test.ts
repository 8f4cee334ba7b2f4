import { describe, expect, it } from 'vitest';
import { fieldVisibility, type VisibilityRule } from '@cartera/domain/request-sales';
import {
  draftErrors,
  emptyDraft,
  move,
  newField,
  previewBody,
  ruleRows,
  rulesOf,
} from './template-draft';

describe('the template editor draft', () => {
  it('gives the Spanish texts of ZRequestTemplateInput by the path of the field they belong to', () => {
    const draft = emptyDraft();
    const plan = newField('select', []);
    const copy = { ...newField('string', [plan]), field: plan.field };
    const errors = draftErrors({
      ...draft,
      body: [plan, copy, { ...newField('string', []), field: '1mal', regex: '(' }],
      statusOptions: [{ status: 'revision', title: '' }],
    });
    expect(errors).toMatchObject({
      title: 'El título de la plantilla es obligatorio',
      'body.1.field': `El código '${plan.field}' está repetido`,
      'body.2.field': 'El código solo admite letras, números y guion bajo, y empieza con una letra',
      'body.2.regex': 'La expresión regular no es válida',
      'statusOptions.0.title': 'El nombre del estado es obligatorio',
    });
    expect(draftErrors({ ...draft, title: 'Portabilidad', body: [plan] })).toEqual({});
  });

  it('gives new fields free codes and previews only the fields that parse, once each', () => {
    const first = newField('string', []);
    const second = newField('number', [first]);
    expect(second.field).not.toBe(first.field);
    const broken = { ...newField('string', [first, second]), field: '' };
    expect(previewBody([first, second, broken, { ...first }]).map((each) => each.field)).toEqual([
      first.field,
      second.field,
    ]);
    expect(move([first, second], 0, 1)).toEqual([second, first]);
    expect(move([first, second], 0, -1)).toEqual([first, second]);
  });

  it('edits rules as conditions with their joins and stores them as the rules read them', () => {
    const rules: VisibilityRule[] = [
      { field: 'a', operator: 'equal', value: '1' },
      { conditionalOperator: 'OR' },
      { field: 'b', operator: 'in', value: ['2', '3'] },
      { field: 'c', operator: 'notEqual', value: '' },
    ];
    const rows = ruleRows(rules);
    expect(rows.map((row) => row.join)).toEqual(['AND', 'OR', 'AND']);
    const stored = rulesOf(rows);
    expect(stored).toEqual([
      rules[0],
      { conditionalOperator: 'OR' },
      rules[2],
      { conditionalOperator: 'AND' },
      rules[3],
    ]);
    // The same visibility whatever the content: a missing join reads as AND.
    const field = (visibilityRules: VisibilityRule[]) => [
      newField('string', []),
      { ...newField('string', []), field: 'shown', visibilityRules },
    ];
    for (const content of [{ a: '1' }, { b: '2', c: 'x' }, { b: '2' }, {}]) {
      expect(fieldVisibility(field(stored), content).get('shown')).toBe(
        fieldVisibility(field(rules), content).get('shown'),
      );
    }
  });
});
