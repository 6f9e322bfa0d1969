export interface References {
  /** Decisions this one replaces as a whole (`Supersedes NNN`). */
  supersedes: string[];
  /** Decisions this one changes in part (`Amends NNN`). */
  amends: string[];
  /** Decisions this one's own Status says amend it (`amended by NNN`). */
  amendedBy: string[];
}
export interface DescribedDecision extends References {
  file: string;
  number: string;
  title: string;
  /** The decision its own Status says supersedes it, if any. */
  supersededBy: string | null;
}
export interface Decision {
  file: string;
  number: string;
  title: string;
  /** "accepted", "superseded by NNN" or "amended by NNN, MMM". */
  status: string;
}
export function referencesOf(status: string): References;
export function describeDecision(file: string, text: string): DescribedDecision;
export function resolveStatuses(described: DescribedDecision[]): {
  decisions: Decision[];
  problems: string[];
};
export function renderIndex(decisions: Decision[]): string;
