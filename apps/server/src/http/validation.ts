import type { FieldErrors } from '@episodic/contract';

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

function describe(issue: ValidationIssue): string {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return 'This field is required.';
    case 'type':
      return `Must be ${p.type === 'integer' ? 'a whole number' : `a ${String(p.type)}`}.`;
    case 'minLength':
      return Number(p.limit) === 1 ? 'This field is required.' : `Must be at least ${String(p.limit)} characters.`;
    case 'maxLength':
      return `Must be at most ${String(p.limit)} characters.`;
    case 'minimum':
      return `Must be ${String(p.limit)} or more.`;
    case 'maximum':
      return `Must be ${String(p.limit)} or less.`;
    case 'format':
      return p.format === 'email' ? 'Enter a valid email address.' : `Must be a valid ${String(p.format)}.`;
    case 'pattern':
      return 'Has characters that are not allowed here.';
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf':
      return 'Is not one of the allowed values.';
    case 'additionalProperties':
      return 'Is not a known field.';
    default:
      return 'Is not valid.';
  }
}

/** Turns schema validation issues into one readable message per field. */
export function fieldErrorsFrom(issues: readonly ValidationIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const name = fieldName(issue);
    // anyOf reports each branch: keep the first, most specific message per field.
    if (!(name in fields)) fields[name] = describe(issue);
  }
  return fields;
}
