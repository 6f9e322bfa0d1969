/**
 * What the buyer typed into the cart's rows at checkout that the server does not hold: a value
 * refused (by the field's own rules or by the server), or one whose save has not been answered
 * yet. It outlives the row that typed it, so a row on another page of the cart keeps its value
 * and its error, the error summary lists it, and Order now waits for it.
 */
import type { EditableField } from './row-errors.ts';

export interface FieldDraft {
  /** The value as typed (the due date as shown, DD/MM/YYYY). */
  value: string;
  /** Why it is not saved; absent while its save is on the way. */
  message?: string;
}

export interface RowDraft {
  hostname: string;
  /** 1-based position in the cart when the row last reported. */
  position: number;
  fields: Partial<Record<EditableField, FieldDraft>>;
}

export type CartDrafts = Readonly<Record<string, RowDraft>>;

export class CartEdits {
  private rows: CartDrafts = {};
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes identity with every change, for useSyncExternalStore. */
  snapshot = (): CartDrafts => this.rows;

  rowOf(id: string): RowDraft | undefined {
    return this.rows[id];
  }

  /** Records a field's draft, or forgets it (undefined) once the server holds what is shown. */
  set(
    id: string,
    where: { hostname: string; position: number },
    field: EditableField,
    draft: FieldDraft | undefined,
  ): void {
    const row = this.rows[id];
    const current = row?.fields[field];
    if (!draft && !current) return;
    if (draft && current?.value === draft.value && current.message === draft.message) return;
    const fields = { ...row?.fields };
    if (draft) fields[field] = draft;
    else delete fields[field];
    const rest = { ...this.rows };
    if (Object.keys(fields).length === 0) delete rest[id];
    else rest[id] = { ...where, fields };
    this.rows = rest;
    this.emit();
  }

  forget(id: string): void {
    if (!this.rows[id]) return;
    const rest = { ...this.rows };
    delete rest[id];
    this.rows = rest;
    this.emit();
  }

  /** Keeps the rows of these ids only (the others left the cart). */
  keepOnly(ids: ReadonlySet<string>): void {
    for (const id of Object.keys(this.rows)) if (!ids.has(id)) this.forget(id);
  }

  private isSaving(): boolean {
    return Object.values(this.rows).some((row) =>
      Object.values(row.fields).some((field) => field.message === undefined),
    );
  }

  /** Resolves once no typed value is waiting for the server's answer. */
  whenSaved(): Promise<void> {
    if (!this.isSaving()) return Promise.resolve();
    return new Promise((resolve) => {
      const unsubscribe = this.subscribe(() => {
        if (this.isSaving()) return;
        unsubscribe();
        resolve();
      });
    });
  }

  private emit(): void {
    for (const listener of [...this.listeners]) listener();
  }
}
