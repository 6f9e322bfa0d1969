export interface Decision {
  file: string;
  number: string;
  title: string;
  /** "accepted", or "superseded by NNN". */
  status: string;
}
export function describeDecision(file: string, text: string): Decision;
export function renderIndex(decisions: Decision[]): string;
