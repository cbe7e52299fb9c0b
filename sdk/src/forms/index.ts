import type { ActionField } from '../schemas/hypermedia';

/**
 * `@spotless/sdk/forms`: actions to forms, with no framework and no zod (decision 043). A resource's
 * action lists its `fields` (name, type, required, limits, options, and a fixed or suggested
 * `value`); this turns them into form values, checks them as the server will, and builds the body
 * to perform the action with. The hosted app (React) and the widgets (Preact) build their buttons
 * and forms from actions with this same code, so no client keeps its own copy of a server rule.
 */

/** What this module needs of an action: its fields (and its name, for messages). */
export interface FormAction {
  name?: string;
  type?: string;
  fields: readonly ActionField[];
}

export type FormValue = string | boolean | File | Blob | null;
export type FormValues = Record<string, FormValue>;
export type FormErrors = Record<string, string>;

/** Messages for a form's problems; a field's own text (e.g. the server's) wins over the defaults. */
export interface FormMessages {
  /** By field name: the text when that field is missing (e.g. a rejection's reason). */
  required?: Record<string, string>;
}

/** The field of an action by name. */
export function fieldOf(action: FormAction | null | undefined, name: string): ActionField | undefined {
  return action?.fields.find((field) => field.name === name);
}

/** The value an action fixes or suggests for a field (e.g. the `status` an `accept` sends). */
export function fieldValue(action: FormAction | null | undefined, name: string): unknown {
  return fieldOf(action, name)?.value;
}

/** Whether the action requires a field (a rejection requires its reason). */
export function isRequired(action: FormAction | null | undefined, name: string): boolean {
  return fieldOf(action, name)?.required ?? false;
}

/** A form's starting values: each field's current or suggested value, as a control holds it. */
export function initialValues(action: FormAction): FormValues {
  const values: FormValues = {};
  for (const field of action.fields) {
    const value = field.value;
    if (field.type === 'boolean') values[field.name] = value === true;
    else if (field.type === 'file') values[field.name] = null;
    else values[field.name] = value === undefined || value === null ? '' : String(value);
  }
  return values;
}

const label = (field: ActionField) => field.title ?? field.name;
const isBlank = (value: FormValue | undefined) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** What is wrong with one field's value, as the server would say it, or null. */
export function fieldProblem(field: ActionField, value: FormValue | undefined, messages: FormMessages = {}) {
  if (isBlank(value)) {
    if (!field.required) return null;
    return messages.required?.[field.name] ?? `${label(field)} is required.`;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (field.type === 'number' || field.type === 'integer') {
    const n = Number(text);
    if (!Number.isFinite(n) || (field.type === 'integer' && !Number.isInteger(n))) {
      return `${label(field)} must be ${field.type === 'integer' ? 'a whole number' : 'a number'}.`;
    }
    if (field.min !== undefined && n < field.min) return `${label(field)} must be at least ${field.min}.`;
    if (field.max !== undefined && n > field.max) return `${label(field)} must be at most ${field.max}.`;
    return null;
  }
  if (field.minLength !== undefined && text.length < field.minLength) {
    return `${label(field)} must be at least ${field.minLength} characters.`;
  }
  if (field.maxLength !== undefined && text.length > field.maxLength) {
    return `${label(field)} must be at most ${field.maxLength} characters.`;
  }
  if (field.pattern !== undefined && !new RegExp(`^(?:${field.pattern})$`).test(text)) {
    return `${label(field)} is not in the expected format.`;
  }
  if (field.options && !field.options.some((option) => option.value === text)) {
    return `${label(field)} must be one of the offered choices.`;
  }
  return null;
}

/** Every field's problem, by name; empty when the form may be sent. */
export function validate(action: FormAction, values: FormValues, messages?: FormMessages): FormErrors {
  const errors: FormErrors = {};
  for (const field of action.fields) {
    const problem = fieldProblem(field, values[field.name], messages);
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

function typed(field: ActionField, value: FormValue): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (field.type === 'number' || field.type === 'integer') return Number(text);
  return text;
}

/**
 * The body to perform the action with: each field's value in the type the server reads (numbers as
 * numbers, text trimmed), blank optional fields left out, fixed values kept. Multipart actions (an
 * upload) get a FormData.
 */
export function bodyOf(action: FormAction, values: FormValues): Record<string, unknown> | FormData {
  const body: Record<string, unknown> = {};
  for (const field of action.fields) {
    const value = field.name in values ? values[field.name] : (field.value as FormValue | undefined);
    if (isBlank(value ?? null) && field.value === undefined) continue;
    body[field.name] = isBlank(value ?? null) ? field.value : typed(field, value as FormValue);
  }
  if (action.type !== 'multipart/form-data') return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    form.set(name, value instanceof Blob ? value : String(value));
  }
  return form;
}

export interface ActionFormState {
  values: FormValues;
  errors: FormErrors;
  pending: boolean;
  /** The server's or the network's message when sending failed, beside any field errors. */
  failure: string | null;
}

/** How an action form sends: usually `(action, body) => client.perform(action, body)`. */
export type Perform<A extends FormAction, R> = (action: A, body: Record<string, unknown> | FormData) => Promise<R>;

/** An error the server answered with, as the SDK's client raises it (fields by name). */
interface FieldedError {
  message?: string;
  fields?: Record<string, string>;
}

/**
 * A form for one action, as a tiny store any framework can subscribe to: set values, submit
 * (checked first, then performed), and read the field errors the server answered with.
 */
export function createActionForm<A extends FormAction, R>(action: A, perform: Perform<A, R>, messages?: FormMessages) {
  let state: ActionFormState = { values: initialValues(action), errors: {}, pending: false, failure: null };
  const listeners = new Set<() => void>();
  const update = (next: Partial<ActionFormState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  return {
    action,
    get state(): ActionFormState {
      return state;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(name: string, value: FormValue): void {
      const { [name]: _dropped, ...errors } = state.errors;
      update({ values: { ...state.values, [name]: value }, errors });
    },
    /** Checks, then performs; resolves to the answer, or undefined when the form is not sent. */
    async submit(): Promise<R | undefined> {
      if (state.pending) return undefined;
      const errors = validate(action, state.values, messages);
      if (Object.keys(errors).length > 0) {
        update({ errors, failure: null });
        return undefined;
      }
      update({ pending: true, errors: {}, failure: null });
      try {
        const answer = await perform(action, bodyOf(action, state.values));
        update({ pending: false });
        return answer;
      } catch (error) {
        const { message, fields } = (error ?? {}) as FieldedError;
        update({ pending: false, errors: fields ?? {}, failure: message ?? 'Something went wrong.' });
        throw error;
      }
    },
  };
}

export type ActionForm<A extends FormAction, R> = ReturnType<typeof createActionForm<A, R>>;
