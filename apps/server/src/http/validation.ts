import { fieldProblem, type FieldProblem, type FieldProblems } from './errors';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function fieldName(issue: ValidationIssue): string {
  const base = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.params.missingProperty;
  if (issue.keyword === 'required' && typeof missing === 'string') return base ? `${base}.${missing}` : missing;
  return base || '_';
}

function describe(issue: ValidationIssue): FieldProblem {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return fieldProblem('required', 'This field is required.');
    case 'type':
      return fieldProblem('wrong_type', `Must be ${p.type === 'integer' ? 'a whole number' : `a ${String(p.type)}`}.`);
    case 'minLength':
      return Number(p.limit) === 1
        ? fieldProblem('required', 'This field is required.')
        : fieldProblem('too_short', `Must be at least ${String(p.limit)} characters.`);
    case 'maxLength':
      return fieldProblem('too_long', `Must be at most ${String(p.limit)} characters.`);
    case 'minimum':
      return fieldProblem('too_small', `Must be ${String(p.limit)} or more.`);
    case 'maximum':
      return fieldProblem('too_large', `Must be ${String(p.limit)} or less.`);
    case 'format':
      if (p.format === 'email') return fieldProblem('email_invalid', 'Enter a valid email address.');
      if (p.format === 'date') return fieldProblem('invalid_format', 'Enter a date that exists, as YYYY-MM-DD.');
      return fieldProblem('invalid_format', `Must be a valid ${String(p.format)}.`);
    case 'pattern':
      return fieldProblem('not_allowed_characters', 'Has characters that are not allowed here.');
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return fieldProblem('not_allowed_value', 'Is not one of the allowed values.');
    case 'additionalProperties':
      return fieldProblem('unknown_field', 'Is not a known field.');
    default:
      return fieldProblem('invalid', 'Is not valid.');
  }
}

/** Turns schema validation issues into one field error (code and readable message) per field. */
export function fieldErrorsFrom(issues: readonly ValidationIssue[]): FieldProblems {
  const fields: FieldProblems = {};
  for (const issue of issues) {
    const name = fieldName(issue);
    // anyOf reports each branch: keep the first, most specific message per field.
    if (!(name in fields)) fields[name] = describe(issue);
  }
  return fields;
}
